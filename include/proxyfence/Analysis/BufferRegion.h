//===- BufferRegion.h - which bytes a memdesc value names -------*- C++ -*-===//
//
// Resolves every memdesc value to the allocations it may view and the byte
// ranges within them, through memdesc views (index, subslice, trans,
// reshape, reinterpret), loop-carried values, branch arguments,
// warp-specialize captures and pass-through ops. After shared-memory
// allocation (`allocation.offset`), ranges are also known as absolute
// shared-memory addresses, so two different allocations that reuse the
// same bytes are seen to alias.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ANALYSIS_BUFFERREGION_H
#define PROXYFENCE_ANALYSIS_BUFFERREGION_H

#include "proxyfence/Interfaces/ProxyAccess.h"
#include "proxyfence/Support/InterfaceLookup.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <shared_mutex>
#include <vector>

namespace proxyfence {

namespace ttg {
class MemDescType;
} // namespace ttg

/// The bytes [start, end).
struct ByteRange {
  int64_t start = 0;
  int64_t end = 0;

  bool overlaps(const ByteRange &other) const {
    return start < other.end && other.start < end;
  }
  bool contains(const ByteRange &other) const {
    return start <= other.start && other.end <= end;
  }
  int64_t size() const { return end - start; }
  bool operator==(const ByteRange &other) const {
    return start == other.start && end == other.end;
  }
};

/// Part of one allocation.
struct BufferRegion {
  /// The op that allocates the buffer (`ttg.local_alloc`, `ttng.tmem_alloc`).
  mlir::Operation *alloc = nullptr;
  /// Bytes within the allocation.
  ByteRange range;

  bool operator==(const BufferRegion &other) const {
    return alloc == other.alloc && range == other.range;
  }
};

/// The regions a value may denote. `unknown` means it may alias any buffer
/// of its memory space (a function argument, an op proxyfence cannot see
/// through).
struct RegionSet {
  llvm::SmallVector<BufferRegion, 2> regions;
  bool unknown = false;

  /// Adds `region`, merging it into an overlapping or adjacent region of
  /// the same allocation. Returns true if the set changed.
  bool insert(const BufferRegion &region);
  /// Adds every region of `other`. Returns true if the set changed.
  bool merge(const RegionSet &other);
  bool empty() const { return regions.empty() && !unknown; }
};

/// A region with the placement of its allocation read once: its absolute
/// shared-memory range (when allocated) and whether it is tensor memory,
/// which is what aliasing by address asks (BufferRegionAnalysis::mayAlias).
/// For analyses that test the same regions against each other many times.
struct PlacedRegion {
  BufferRegion region;
  std::optional<ByteRange> absolute;
  bool tensorMemory = false;
};

struct PlacedRegionSet {
  llvm::SmallVector<PlacedRegion, 2> regions;
  bool unknown = false;
  bool empty() const { return regions.empty() && !unknown; }
};

/// Whether `op` is a view of its first operand's buffer: a memdesc view of
/// the ttg dialect (index, subslice, trans, reshape, reinterpret) or an op
/// implementing ViewLikeOpInterface (`ttng.tmem_subslice`,
/// `ttng.map_to_remote_buffer`). The one list analyses and passes follow
/// views by.
bool isMemDescView(mlir::Operation *op);

/// The allocation offset of `alloc` (`allocation.offset`), if assigned.
std::optional<int64_t> getAllocationOffset(mlir::Operation *alloc);

/// Size in bytes of the buffer `alloc` allocates: its memdesc result's, or
/// for an op with shared-memory scratch (ProxyAccessOpInterface), the
/// scratch's.
int64_t getAllocationSize(mlir::Operation *alloc);

class BufferRegionAnalysis {
public:
  /// Analyses every memdesc value under `root` (usually a module). When
  /// `root`'s one block holds only functions, each function is analysed
  /// when one of its values is first looked up, so that a pass that goes
  /// function by function finds the function's ops still in the cache;
  /// otherwise everything is analysed here. The results are the same.
  explicit BufferRegionAnalysis(mlir::Operation *root);

  /// Analyses `function`, a function of the root's block, now if it is
  /// still to be analysed: a pass that is about to go over its ops calls
  /// this first, so that both read them while they are in the cache.
  void prepare(mlir::Operation *function) const;

  /// Analyses every function not analysed yet.
  void prepareAll() const;

  // Threads may use the analysis at once, each in functions of its own
  // (a pass that does functions in parallel): what the analysis shares is
  // guarded, and a function is analysed by the thread that prepares it or
  // first looks up one of its values.

  /// The regions `value` may denote. Values that are not memdescs, or that
  /// are not under the root, are unknown.
  const RegionSet &getRegions(mlir::Value value) const;

  /// The regions access `access` of `op` touches: those of its value, or,
  /// for an access of the op's own scratch, the scratch (the op is its own
  /// allocation, at its `allocation.offset`).
  RegionSet getAccessRegions(mlir::Operation *op,
                             const ProxyAccess &access) const;

  /// Absolute shared-memory range of `region`, when its allocation has an
  /// offset.
  static std::optional<ByteRange> getAbsoluteRange(const BufferRegion &region);

  /// Whether `a` and `b` may share a byte: same allocation and overlapping
  /// ranges, or (when both allocations have offsets, and `byAddress`)
  /// overlapping absolute ranges; unknown sets alias everything. With
  /// `byAddress` false, only views of the same buffer alias, as before
  /// allocation.
  static bool mayAlias(const BufferRegion &a, const BufferRegion &b,
                       bool byAddress = true);
  static bool mayAlias(const RegionSet &a, const RegionSet &b,
                       bool byAddress = true);
  /// The same, on placed regions (the one statement of the rule).
  static bool mayAlias(const PlacedRegion &a, const PlacedRegion &b,
                       bool byAddress = true);
  static bool mayAlias(const PlacedRegionSet &a, const PlacedRegionSet &b,
                       bool byAddress = true);

  /// `region` with its allocation's placement.
  static PlacedRegion place(const BufferRegion &region);

  /// The functions (null: values outside any function) with some unknown
  /// memdesc value, in the order they were solved. The ops of any other
  /// function reach only buffers that can be traced. (Analyses every
  /// function not analysed yet.)
  llvm::ArrayRef<mlir::Operation *> getFunctionsWithUnknownValues() const;

  /// `place` for analyses that place many regions of few allocations: each
  /// allocation's placement is read once; a set is placed region by region.
  class Placer {
  public:
    PlacedRegion place(const BufferRegion &region);
    PlacedRegionSet place(const RegionSet &set);

  private:
    struct Placement {
      std::optional<int64_t> offset;
      bool tensorMemory = false;
    };
    llvm::DenseMap<mlir::Operation *, Placement> placements;
  };

private:
  /// Resolves the values of `function` (null: of no function) to a
  /// fixpoint.
  void solve(mlir::Operation *function,
             llvm::ArrayRef<mlir::Value> values) const;
  /// Collects the values under `op` and solves each function's as soon as
  /// it is collected; values of no function under `op` go to `outside`.
  void collectAndSolve(mlir::Operation *op,
                       llvm::SmallVector<mlir::Value> &outside) const;
  /// Collects and solves the values of `top`, a function of the root's
  /// block not analysed yet (and those of the functions nested in it).
  void solveFunction(mlir::Operation *top) const;
  RegionSet transfer(mlir::Value value) const;
  /// MemDescType::getSizeInBytes, once per type.
  int64_t sizeInBytes(ttg::MemDescType type) const;

  /// The values of one function (or of no function) and their regions,
  /// by index. Kept per function so that the passes, which look values up
  /// function by function, touch one small map at a time, not one map of
  /// the whole module (at a million ops, most lookups in that missed the
  /// cache).
  struct FunctionValues {
    llvm::DenseMap<mlir::Value, unsigned> indices;
    std::vector<RegionSet> regions;
    const RegionSet *find(mlir::Value value) const {
      auto it = indices.find(value);
      return it == indices.end() ? nullptr : &regions[it->second];
    }
  };
  /// The function `value` is defined in (the entry of `byFunction` of its
  /// closest enclosing op that has one), or null; analyses it first when
  /// it is a function of the root's block not analysed yet.
  const FunctionValues *functionOf(mlir::Value value) const;

  // What is analysed so far. A lookup may analyse a function, so this
  // state changes behind the const interface. `mutex` guards it (the
  // functions, the map, the list of functions with unknown values and the
  // pending set); a function's FunctionValues is filled, unguarded, by the
  // one thread that analyses it, and read once it is done (a function's
  // values are looked up only in its own ops).
  mutable std::shared_mutex mutex;
  mutable std::vector<std::unique_ptr<FunctionValues>> functions;
  /// By function op (null: values outside any function).
  mutable llvm::DenseMap<mlir::Operation *, FunctionValues *> byFunction;
  mutable std::vector<mlir::Operation *> functionsWithUnknownValues;
  /// The function of the last value a thread found, per thread: a lookup
  /// tries it first. Held by the thread (threads that look up values of
  /// different functions would overwrite one shared hint at every
  /// lookup), with the id of the analysis it belongs to.
  struct Hint {
    uint64_t analysis = 0;
    const FunctionValues *function = nullptr;
  };
  static Hint &threadHint();
  void setHint(const FunctionValues *function) const {
    threadHint() = {id, function};
  }
  /// This analysis's id for the hints (unique in the process: an analysis
  /// made where an earlier one was finds none of that one's hints).
  uint64_t id;
  /// The sizes of memdesc types, per thread (see Hint).
  struct Sizes {
    uint64_t analysis = 0;
    llvm::DenseMap<mlir::Type, int64_t> bytes;
  };
  static Sizes &threadSizes();
  /// The block whose functions are analysed on first lookup (null: all
  /// were analysed by the constructor), and those not analysed yet.
  mlir::Block *lazyBlock = nullptr;
  mutable llvm::DenseSet<mlir::Operation *> pending;
  /// Which kinds of op are functions, asked once per kind (by the
  /// constructor; each analysis of a function asks its own).
  InterfaceLookup<mlir::FunctionOpInterface> functionOps;
  RegionSet unknownSet;
};

} // namespace proxyfence

#endif // PROXYFENCE_ANALYSIS_BUFFERREGION_H
