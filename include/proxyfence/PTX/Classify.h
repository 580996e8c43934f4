//===- Classify.h - the proxy role of every PTX instruction -----*- C++ -*-===//
//
// One table (lib/PTX/Classify.cpp) maps each PTX instruction that touches
// shared memory, orders it, or completes an async access to its role in
// the proxy model of docs/proxy-model.md.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_PTX_CLASSIFY_H
#define PROXYFENCE_PTX_CLASSIFY_H

#include "proxyfence/Engine/Frontier.h"
#include "proxyfence/PTX/Reader.h"

namespace proxyfence::ptx {

/// Fence scopes and access reach: the engine's vocabulary.
using proxyfence::Scope;

/// How an async read is completed (what a later generic write must wait
/// for).
enum class Completion : uint8_t {
  None,
  /// cp.async.bulk.commit_group / wait_group(.read) N.
  BulkGroup,
  /// wgmma.commit_group / wgmma.wait_group N.
  WgmmaGroup,
  /// tcgen05.commit to an mbarrier, then mbarrier.try_wait/test_wait.
  Tcgen05Commit,
};

/// One shared-memory access of an instruction.
struct Access {
  /// The operand holding the address (`[...]`) or descriptor register.
  unsigned operand = 0;
  bool isRead = false;
  bool isWrite = false;
  bool isAsync = false;
  /// The operand is a wgmma/tcgen05 matrix descriptor, not an address.
  bool isDescriptor = false;
  /// The access is an mbarrier instruction on the barrier's 8 bytes.
  bool isMbarrier = false;
  Scope scope = Scope::CTA;
  /// Bytes accessed from the address; none when unknown (TMA boxes,
  /// descriptors): then the access reaches the end of the symbol.
  std::optional<uint64_t> width;
  /// An operand giving the byte count (cp.async.bulk size, cp.async size).
  std::optional<unsigned> sizeOperand;
  /// For a descriptor: an upper bound on the rows of the matrix it names
  /// (M or N) and the bytes of each row the instruction reads (its K
  /// extent); 0 when unknown.
  unsigned matrixRows = 0, matrixRowBytes = 0;
  /// For a descriptor: the element size in bytes (0: unknown) and whether
  /// the matrix is K-major (none: unknown, or read from `shapeOperand`).
  unsigned matrixElementBytes = 0;
  std::optional<bool> kMajor;
  /// tcgen05.mma's instruction descriptor operand (M, N, transposes).
  std::optional<unsigned> shapeOperand;
  /// Which operand of the MMA it is (A: 0, B: 1).
  unsigned matrixOperand = 0;
  Completion completion = Completion::None;
};

enum class Role : uint8_t {
  /// No shared-memory effect the model cares about.
  None,
  /// Known accesses (see `accesses`).
  Accesses,
  /// fence.proxy.async with a shared scope (or unscoped).
  ProxyFence,
  /// bar.sync, barrier.sync, bar.arrive, ..., barrier.cluster.arrive/wait
  ExecutionBarrier,
  BulkCommit,
  BulkWait,
  WgmmaCommit,
  WgmmaWait,
  MbarrierWait,
  Tcgen05Commit,
  /// Not in the table: generic access of any shared memory its operands
  /// may point to (lib/PTX/Hazards.cpp treats it so).
  Unknown,
};

struct Classification {
  Role role = Role::None;
  std::vector<Access> accesses;
  /// For ProxyFence: its scope; `unscoped` for plain fence.proxy.async.
  Scope fenceScope = Scope::CTA;
  bool unscoped = false;
  /// For ExecutionBarrier: whom it synchronizes, the CTA (bar.sync, ...)
  /// or the cluster (barrier.cluster.*); `clusterArrive` for
  /// barrier.cluster.arrive, which publishes the thread's prior accesses to
  /// the other CTAs of the cluster.
  Scope barrierScope = Scope::CTA;
  bool clusterArrive = false;
  /// For BulkWait / WgmmaWait: N; `readOnly` for wait_group.read.
  unsigned waitCount = 0;
  /// For async accesses completing on an mbarrier: its operand.
  std::optional<unsigned> barrierOperand;
  /// For branches, ret and exit.
  bool isBranch = false;
  bool isTerminator = false;
};

Classification classify(const Instruction &inst);

/// Bytes of one element of `opcode`'s type times its vector width
/// (st.shared.v4.b32: 16); none if it has no type.
std::optional<uint64_t> getAccessWidth(llvm::StringRef opcode);

/// Whether `operand` is a memory operand `[...]`.
bool isMemoryOperand(llvm::StringRef operand);

} // namespace proxyfence::ptx

#endif // PROXYFENCE_PTX_CLASSIFY_H
