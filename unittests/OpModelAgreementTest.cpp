//===- OpModelAgreementTest.cpp - TTGIR and PTX op models agree ----------===//
//
// proxyfence has two op models of the same hardware operations: the TTGIR
// ops' ProxyAccessOpInterface (lib/Dialect/**/Ops.cpp) and the PTX
// classification table (lib/PTX/Classify.cpp). This test holds them
// against each other on every corpus kernel, whose directory has both the
// last TTGIR Triton lowers to LLVM and the PTX it becomes.
//
// Input: of each kernel, `after.proxy-fence-insertion.mlir`, the TTGIR
// Triton's make_llir hands to the LLVM conversion (after scf-to-cf, the
// allocations and the proxy fence insertion, which `final.ttgir` precedes),
// and `final.ptx`.
//
// Matching. Triton keeps the Python source position of each op
// (`loc("kernels.py":32:24)`, under name and call-site locations) down to
// the PTX (`.loc 1 32 24`). For every op that implements the interface,
// the PTX instructions at its position whose mnemonic is one the op lowers
// to (lowerings()) are its lowering. One position often holds several ops:
// the pipeliner gives the prologue copies and the loop's copy the
// position of the load, and every mbarrier op of a loop the position of
// the `for`; so ops of one kind at one position are taken together (a
// Group): their claims together against the facts of all the instructions
// of that lowering there. The op's claims and the classifier's facts are
// compared in one vocabulary (below), three ways:
//   1. every claim of an op is a fact of its lowering (nothing the TTGIR
//      model says is missing from, or different in, the PTX model);
//   2. every fact of a lowering is a claim of the ops of that kind there
//      (the PTX model says nothing more of those instructions);
//   3. every PTX shared-memory fact outside all lowerings comes from a
//      lowering the TTGIR model knowingly leaves out (kUnmodelled: layout
//      conversion scratch, warp-specialize captures, ...).
// The mnemonic only selects the instructions; what they access, through
// which proxy, at which scope and how it completes is always the
// classifier's answer (ptx::classify), never the test's.
//
// An op is skipped (and counted, by reason) when it claims nothing the
// PTX model has words for, when it has no source position, when no PTX
// instruction has its position (lowered away) or none of those is of its
// lowering. An op with claims whose kind is not in lowerings() fails.
// Differences found and kept on purpose are in kKnownDisagreements; each
// is reported and must still occur. PROXYFENCE_OP_MODEL_VERBOSE=1 prints
// every group's claims and facts to stderr.
//
// The shared vocabulary (one entry per direction: a read-write access is a
// read and a write):
//
//   TTGIR (ProxyAccess, op methods)        PTX (ptx::Classification)
//   -------------------------------------  ---------------------------------
//   Shared, Generic, Read/Write, scope     Access, !isAsync, !isMbarrier,
//                                          isRead/isWrite, scope
//   Shared, Async, Read/Write, scope,      Access, isAsync, isRead/isWrite,
//     op's getCompletedBy (kCompletions)     scope, completion/barrierOperand
//   Shared, MBarrier, Read/Write, scope    Access, isMbarrier (see below)
//   Shared, AsyncArrive (any barrier)      barrierOperand, or Tcgen05Commit
//   getProxyFenceScope                     ProxyFence, fenceScope
//   getCompletionKind (kWaits)             BulkWait, WgmmaWait, MbarrierWait
//   isExecutionBarrier (CTA),              ExecutionBarrier, barrierScope
//     getExecutionBarrierScope
//
// Not compared, since the PTX model has no word for them: allocation and
// free, global memory, tensor memory (tcgen05.ld/st/alloc classify as
// None), and the issue predicate.
//
// mbarrier traffic is compared by its strongest effect: the PTX table
// gives every mbarrier instruction but the waits a read and a write (an
// arrive is a read-modify-write, init and inval are given the read too),
// TTGIR writes only; for every hazard of the model (generic then async on
// the same bytes, docs/proxy-model.md) a write subsumes a read, so a side
// that writes the barrier is compared as "writes", and the read is compared
// only where a side does not write.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/InitAll.h"
#include "proxyfence/Interfaces/ProxyAccess.h"
#include "proxyfence/PTX/Classify.h"
#include "proxyfence/PTX/Reader.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#ifndef PROXYFENCE_CORPUS_DIR
#error "PROXYFENCE_CORPUS_DIR must name the repository's corpus/ directory"
#endif

using namespace mlir;
using namespace proxyfence;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// The shared vocabulary
//===----------------------------------------------------------------------===//

/// What a claim (TTGIR) or a fact (PTX) is about.
enum class What : uint8_t {
  /// A read or a write of shared-memory data.
  Data,
  /// A thread's mbarrier instruction on the barrier's bytes.
  Mbarrier,
  /// An async unit arrives on an mbarrier when the op's work completes.
  Arrive,
  /// A generic-to-async proxy fence.
  Fence,
  /// A completion wait.
  Wait,
  /// An execution barrier.
  Barrier,
  /// PTX only: an instruction the table does not know (Role::Unknown).
  Unknown,
};

/// How an async access completes, as the PTX classifier says it.
enum class Done : uint8_t {
  None,
  /// Access::completion == BulkGroup.
  BulkGroup,
  /// Access::completion == WgmmaGroup.
  WgmmaGroup,
  /// Access::completion == Tcgen05Commit.
  Tcgen05Commit,
  /// No Access::completion, but the instruction has a barrierOperand
  /// (`.mbarrier::complete_tx::bytes`).
  MbarrierTx,
};

/// TTGIR's getCompletedBy of an async access against the PTX classifier's
/// completion of the same access: a TTGIR kind agrees with each PTX value
/// it is listed with, and with no other.
struct CompletionRow {
  CompletionKind ttgir;
  Done ptx;
  const char *lowering;
};
constexpr CompletionRow kCompletions[] = {
    {CompletionKind::None, Done::None,
     "an access completed where it is issued (every generic access)"},
    {CompletionKind::BulkStoreRead, Done::BulkGroup,
     "TMA store/reduce/scatter, bulk store: .bulk_group, "
     "cp.async.bulk.wait_group.read"},
    {CompletionKind::WgmmaGroup, Done::WgmmaGroup,
     "wgmma.mma_async: wgmma.commit_group, wgmma.wait_group"},
    {CompletionKind::MBarrierPhase, Done::MbarrierTx,
     "TMA/bulk load, bulk smem copy, try_cancel: .mbarrier::complete_tx on "
     "the op's barrier"},
    {CompletionKind::MBarrierPhase, Done::Tcgen05Commit,
     "tcgen05.mma/.cp: tcgen05.commit arrives on the op's barrier"},
};

/// A completion wait (getCompletionKind) against the PTX role of the wait
/// it lowers to. CpAsyncGroup has no PTX role: cp.async.wait_group
/// classifies as Role::None, since non-bulk cp.async writes are generic and
/// complete no async-proxy access; a TTGIR op that waits for it claims
/// nothing the PTX model could confirm or deny, and its lowering must
/// carry no role either (check 3 of the file comment sees to that: a fact
/// outside every lowering fails unless kUnmodelled lists it).
struct WaitRow {
  CompletionKind ttgir;
  std::optional<ptx::Role> ptx;
};
constexpr WaitRow kWaits[] = {
    {CompletionKind::BulkStoreRead, ptx::Role::BulkWait},
    {CompletionKind::WgmmaGroup, ptx::Role::WgmmaWait},
    {CompletionKind::MBarrierPhase, ptx::Role::MbarrierWait},
    {CompletionKind::CpAsyncGroup, std::nullopt},
};

/// One claim or fact. Fields not meaningful for `what` stay default.
struct Sig {
  What what = What::Data;
  bool async = false;
  /// Data and Mbarrier: a write (else a read).
  bool write = false;
  Scope scope = Scope::CTA;
  /// Data, TTGIR side: the op's getCompletedBy (None for generic data).
  CompletionKind completedBy = CompletionKind::None;
  /// Data, PTX side.
  Done done = Done::None;
  /// Wait: what it waits for (PTX side: mapped through kWaits).
  CompletionKind waits = CompletionKind::None;
  /// For messages: the PTX role, or the PTX mnemonic of an unknown one.
  std::string note;
};

const char *str(Done done) {
  switch (done) {
  case Done::None:
    return "none";
  case Done::BulkGroup:
    return "bulk-group";
  case Done::WgmmaGroup:
    return "wgmma-group";
  case Done::Tcgen05Commit:
    return "tcgen05-commit";
  case Done::MbarrierTx:
    return "mbarrier-complete_tx";
  }
  return "?";
}

const char *str(Scope scope) { return scope == Scope::CTA ? "cta" : "cluster"; }

/// `claim` (TTGIR) for a claim, a fact (PTX) otherwise.
std::string describe(const Sig &sig, bool claim) {
  std::string out;
  llvm::raw_string_ostream os(out);
  switch (sig.what) {
  case What::Data:
    os << (sig.async ? "async " : "generic ") << (sig.write ? "write" : "read")
       << " scope=" << str(sig.scope) << " completion=";
    if (claim)
      os << stringifyCompletionKind(sig.completedBy);
    else
      os << str(sig.done);
    break;
  case What::Mbarrier:
    os << "mbarrier " << (sig.write ? "write" : "read-only")
       << " scope=" << str(sig.scope);
    break;
  case What::Arrive:
    os << "async arrive on an mbarrier";
    break;
  case What::Fence:
    os << "proxy fence scope=" << str(sig.scope);
    break;
  case What::Wait:
    os << "completion wait for " << stringifyCompletionKind(sig.waits);
    break;
  case What::Barrier:
    os << "execution barrier scope=" << str(sig.scope);
    break;
  case What::Unknown:
    os << "unknown to the PTX table (" << sig.note << ")";
    break;
  }
  return out;
}

bool sameClaim(const Sig &a, const Sig &b) {
  return std::tie(a.what, a.async, a.write, a.scope, a.completedBy, a.waits) ==
         std::tie(b.what, b.async, b.write, b.scope, b.completedBy, b.waits);
}

/// The fields in which a TTGIR claim and a PTX fact differ (empty: they
/// agree). Only facts about the same thing (`what`) are comparable.
llvm::SmallVector<StringRef> differences(const Sig &claim, const Sig &fact) {
  llvm::SmallVector<StringRef> fields;
  if (claim.what != fact.what) {
    fields.push_back("what");
    return fields;
  }
  switch (claim.what) {
  case What::Data: {
    if (claim.async != fact.async)
      fields.push_back("proxy");
    if (claim.write != fact.write)
      fields.push_back("direction");
    if (claim.scope != fact.scope)
      fields.push_back("scope");
    bool listed = llvm::any_of(kCompletions, [&](const CompletionRow &row) {
      return row.ttgir == claim.completedBy && row.ptx == fact.done;
    });
    if (!listed)
      fields.push_back("completion");
    break;
  }
  case What::Mbarrier:
    if (claim.write != fact.write)
      fields.push_back("direction");
    if (claim.scope != fact.scope)
      fields.push_back("scope");
    break;
  case What::Fence:
  case What::Barrier:
    if (claim.scope != fact.scope)
      fields.push_back("scope");
    break;
  case What::Wait:
    if (claim.waits != fact.waits)
      fields.push_back("completion");
    break;
  case What::Arrive:
    break;
  case What::Unknown:
    fields.push_back("what");
    break;
  }
  return fields;
}

//===----------------------------------------------------------------------===//
// Known disagreements
//===----------------------------------------------------------------------===//

/// Differences between the two models found by this test and left as they
/// are on purpose, each with the reason. A difference listed here is
/// reported, not failed; each must still occur in the corpus (once fixed,
/// its entry goes).
struct KnownDisagreement {
  StringRef op;
  What what;
  StringRef field;
  StringRef why;
};
const KnownDisagreement kKnownDisagreements[] = {
    {"ttng.wait_barrier", What::Mbarrier, "direction",
     "TTGIR reads and writes the barrier (WaitBarrierOp::getProxyAccesses), "
     "so that the memory effects derived from it keep later shared-memory "
     "reads after the wait; PTX `mbarrier.try_wait` only tests the phase "
     "(PTX ISA #parallel-synchronization-and-communication-instructions-"
     "mbarrier-test-wait-try-wait): classifyMbarrier gives it a read. The "
     "TTGIR model is the more conservative one (an async read of the "
     "barrier's bytes after the wait would need a fence there only)."},
};

const KnownDisagreement *findKnown(StringRef op, What what,
                                   llvm::ArrayRef<StringRef> fields) {
  if (fields.empty())
    return nullptr;
  for (const KnownDisagreement &known : kKnownDisagreements)
    if (known.op == op && known.what == what &&
        llvm::all_of(fields, [&](StringRef f) { return f == known.field; }))
      return &known;
  return nullptr;
}

/// PTX shared-memory facts that no op's lowering accounts for, at a
/// position where one of these ops is: what Triton's lowering of an op
/// without ProxyAccessOpInterface (or of the function) does to shared
/// memory, which the TTGIR model does not describe. Each must still occur.
struct Unmodelled {
  StringRef op;
  What what;
  StringRef why;
};
const Unmodelled kUnmodelled[] = {
    {"ttg.convert_layout", What::Data,
     "a layout conversion through shared-memory scratch (st.shared, then "
     "ld.shared/ldmatrix after bar.sync): generic accesses of the scratch "
     "that AllocateSharedMemory sizes and places, but ConvertLayoutOp has "
     "no ProxyAccessOpInterface, so the TTGIR analyses do not see them"},
    {"ttg.warp_specialize", What::Data,
     "explicit captures passed through shared memory (st.shared by the "
     "default warps, ld.shared in each partition): capture storage that "
     "AllocateSharedMemory places, but no op declares the accesses"},
    {"tt.return", What::Data,
     "at the end of a warp-specialized kernel the default warps write the "
     "exit state into the worker warps' shared-memory state word "
     "(st.shared.b32 [global_smem+N]; Triton's warp specialization "
     "lowering), which no op declares"},
    {"tt.func", What::Data,
     "code at the function's own position: the prologue reads back the "
     "tensor-memory base address that tcgen05.alloc wrote to shared memory "
     "(ld.shared.b32 [global_smem]; Triton's module-level TMEM allocation "
     "has no TTGIR op, and the PTX table gives tcgen05.alloc no access, "
     "Role::None), and in a warp-specialized kernel the worker warps' "
     "dispatch loop reads their state word (ld.shared.b8 [global_smem+N])"},
    {"ttng.tensormap_fenceproxy_acquire", What::Wait,
     "Triton lowers it with cp.async.bulk.commit_group; "
     "cp.async.bulk.wait_group.read 0, a completion wait of every earlier "
     "bulk store that the TTGIR op (global memory effects only) does not "
     "claim; the TTGIR model is the more conservative one"},
};

//===----------------------------------------------------------------------===//
// What each op lowers to (Triton 3.6, third_party/nvidia/lib/
// TritonNVIDIAGPUToLLVM): only used to pick an op's instructions among
// those at its source position.
//===----------------------------------------------------------------------===//

/// The first state space named in a copy's mnemonic: its destination
/// (cp.async.bulk.tensor.2d.shared::cluster.global: "shared").
StringRef destinationSpace(StringRef opcode) {
  size_t shared = opcode.find(".shared"), global = opcode.find(".global");
  if (shared == StringRef::npos && global == StringRef::npos)
    return "";
  return shared < global ? "shared" : "global";
}

bool startsWithAny(StringRef opcode, std::initializer_list<StringRef> list) {
  return llvm::any_of(list, [&](StringRef p) { return opcode.starts_with(p); });
}

struct Lowering {
  StringRef op;
  std::function<bool(StringRef)> lowersTo;
};

bool tmaLoad(StringRef o) {
  return o.starts_with("cp.async.bulk.tensor") &&
         destinationSpace(o) == "shared";
}
bool tmaStore(StringRef o) {
  return o.starts_with("cp.async.bulk.tensor") &&
         destinationSpace(o) == "global";
}
bool tcgen05Mma(StringRef o) {
  return startsWithAny(o, {"tcgen05.mma", "tcgen05.commit"});
}
bool ctaBarrierSync(StringRef o) {
  return startsWithAny(o, {"bar.sync", "barrier.sync"});
}

const std::vector<Lowering> &lowerings() {
  static const std::vector<Lowering> table = {
      // Generic data: ld/st.shared, ldmatrix/stmatrix (LocalLoad/Store,
      // MemoryOpToLLVM.cpp); local_alloc stores its source like
      // local_store.
      {"ttg.local_load",
       [](StringRef o) {
         return startsWithAny(o, {"ld.shared", "ldmatrix"});
       }},
      {"ttg.local_store",
       [](StringRef o) {
         return startsWithAny(o, {"st.shared", "stmatrix"});
       }},
      {"ttg.local_alloc",
       [](StringRef o) {
         return startsWithAny(o, {"st.shared", "stmatrix"});
       }},
      {"ttg.local_gather",
       [](StringRef o) { return o.starts_with("ld.shared"); }},
      {"ttg.local_scatter",
       [](StringRef o) { return o.starts_with("st.shared"); }},
      {"ttg.local_atomic_scatter_rmw",
       [](StringRef o) { return o.starts_with("atom.shared"); }},
      {"ttg.async_copy_global_to_local",
       [](StringRef o) {
         return startsWithAny(o, {"cp.async.ca.shared", "cp.async.cg.shared",
                                  "cp.async.bulk.shared"});
       }},
      {"ttg.async_commit_group",
       [](StringRef o) { return o.starts_with("cp.async.commit_group"); }},
      {"ttg.async_wait",
       [](StringRef o) {
         return startsWithAny(o, {"cp.async.wait_group", "cp.async.wait_all"});
       }},
      {"ttg.local_barrier", ctaBarrierSync},
      {"ttg.barrier", ctaBarrierSync},
      // mbarriers (BarrierOpToLLVM.cpp).
      {"ttng.init_barrier",
       [](StringRef o) { return o.starts_with("mbarrier.init"); }},
      {"ttng.inval_barrier",
       [](StringRef o) { return o.starts_with("mbarrier.inval"); }},
      {"ttng.barrier_expect",
       [](StringRef o) { return o.starts_with("mbarrier.arrive.expect_tx"); }},
      {"ttng.arrive_barrier",
       [](StringRef o) {
         return o.starts_with("mbarrier.arrive") &&
                !o.starts_with("mbarrier.arrive.expect_tx");
       }},
      {"ttng.wait_barrier",
       [](StringRef o) {
         return startsWithAny(o, {"mbarrier.try_wait", "mbarrier.test_wait"});
       }},
      // TMA (TMAToLLVM.cpp, LoadStoreOpToLLVM.cpp).
      {"ttng.async_tma_copy_global_to_local", tmaLoad},
      {"ttng.async_tma_gather", tmaLoad},
      {"ttng.async_tma_copy_local_to_global", tmaStore},
      {"ttng.async_tma_scatter", tmaStore},
      {"ttng.async_tma_reduce",
       [](StringRef o) {
         return o.starts_with("cp.reduce.async.bulk.tensor");
       }},
      {"ttng.async_tma_store_wait",
       [](StringRef o) { return o.starts_with("cp.async.bulk.wait_group"); }},
      {"ttng.fence_async_shared",
       [](StringRef o) { return o.starts_with("fence.proxy.async"); }},
      // MMA (WGMMA.cpp, MMAv5.cpp, TensorMemoryToLLVM.cpp).
      {"ttng.warp_group_dot",
       [](StringRef o) { return o.starts_with("wgmma.mma_async"); }},
      {"ttng.warp_group_dot_wait",
       [](StringRef o) { return o.starts_with("wgmma.wait_group"); }},
      {"ttng.tc_gen5_mma", tcgen05Mma},
      {"ttng.tc_gen5_mma_scaled", tcgen05Mma},
      {"ttng.tc_gen5_commit",
       [](StringRef o) { return o.starts_with("tcgen05.commit"); }},
      {"ttng.tmem_copy",
       [](StringRef o) {
         return startsWithAny(o, {"tcgen05.cp", "tcgen05.commit"});
       }},
      // Cluster barriers.
      {"ttng.cluster_arrive",
       [](StringRef o) { return o.starts_with("barrier.cluster.arrive"); }},
      {"ttng.cluster_wait",
       [](StringRef o) { return o.starts_with("barrier.cluster.wait"); }},
      {"ttng.cluster_barrier",
       [](StringRef o) { return o.starts_with("barrier.cluster"); }},
      {"ttng.arrive_barrier_named",
       [](StringRef o) {
         return startsWithAny(o, {"bar.arrive", "barrier.arrive"});
       }},
      {"ttng.wait_barrier_named", ctaBarrierSync},
      // Bulk copies, st.async, try_cancel, TMEM slot allocation (TLX).
      {"ttng.async_bulk_copy_global_to_local",
       [](StringRef o) {
         return o.starts_with("cp.async.bulk.shared") && !o.contains(".tensor");
       }},
      {"ttng.async_bulk_copy_local_to_global",
       [](StringRef o) {
         return o.starts_with("cp.async.bulk.global.shared");
       }},
      {"ttng.async_store",
       [](StringRef o) {
         return o.starts_with("cp.async.bulk.global.shared");
       }},
      {"ttng.async_shared_store",
       [](StringRef o) { return o.starts_with("st.async"); }},
      {"ttng.async_copy_mbarrier_arrive",
       [](StringRef o) { return o.starts_with("cp.async.mbarrier.arrive"); }},
      {"ttng.clc_try_cancel",
       [](StringRef o) {
         return o.starts_with("clusterlaunchcontrol.try_cancel");
       }},
      {"ttng.async_clc_try_cancel",
       [](StringRef o) {
         return o.starts_with("clusterlaunchcontrol.try_cancel");
       }},
      {"ttng.tcgen5_global_alloc",
       [](StringRef o) { return o.starts_with("tcgen05.alloc"); }},
      // Device-side tensor maps: st.shared of the fields, tensormap.replace
      // in place, tensormap.cp_fenceproxy to global (TMAToLLVM.cpp).
      {"ttng.tensormap_create",
       [](StringRef o) {
         return startsWithAny(
             o, {"st.shared", "tensormap.replace", "tensormap.cp_fenceproxy"});
       }},
  };
  return table;
}

const Lowering *findLowering(StringRef op) {
  for (const Lowering &lowering : lowerings())
    if (lowering.op == op)
      return &lowering;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Claims (TTGIR) and facts (PTX)
//===----------------------------------------------------------------------===//

/// A deliberate change of one side's answers, to show the test fails when
/// the two models disagree (DetectsABrokenClassification).
enum class Mutation {
  None,
  /// PTX: async accesses get the other scope.
  FlipAsyncScope,
  /// PTX: generic data reads become writes and writes reads.
  FlipGenericDirection,
  /// PTX: wgmma completes by bulk group.
  WgmmaCompletesByBulkGroup,
  /// PTX: a tcgen05.mma operand read is a generic read.
  Tcgen05ReadIsGeneric,
  /// PTX: fence.proxy.async.shared::cta is a cluster fence.
  FlipFenceScope,
  /// TTGIR: a TMA load writes its buffer at cluster scope.
  TmaLoadClaimsCluster,
};

/// The op's claims, or why it has none the PTX model can speak to.
llvm::SmallVector<Sig> claimsOf(ProxyAccessRef op, std::string &whyNone,
                                Mutation mutation) {
  llvm::SmallVector<Sig> claims;
  llvm::SmallVector<ProxyAccess> accesses;
  op.getProxyAccesses(accesses);
  CompletionKind completedBy = op.getCompletedBy();
  bool alloc = false, global = false, tensor = false;
  // mbarrier traffic per barrier value: its strongest effect.
  llvm::SmallVector<std::pair<Value, Sig>> barriers;
  bool arrive = false;
  for (const ProxyAccess &access : accesses) {
    if (access.kind == AccessKind::Alloc || access.kind == AccessKind::Free) {
      alloc = true;
      continue;
    }
    if (access.space == MemorySpace::Global) {
      global = true;
      continue;
    }
    if (access.space == MemorySpace::Tensor) {
      tensor = true;
      continue;
    }
    switch (access.proxy) {
    case Proxy::Generic:
    case Proxy::Async: {
      Sig sig;
      sig.what = What::Data;
      sig.async = access.proxy == Proxy::Async;
      sig.write = access.isWrite();
      sig.scope = access.scope;
      sig.completedBy = sig.async ? completedBy : CompletionKind::None;
      if (mutation == Mutation::TmaLoadClaimsCluster && sig.async &&
          sig.write &&
          op.getOperation()->getName().getStringRef() ==
              "ttng.async_tma_copy_global_to_local")
        sig.scope = Scope::Cluster;
      claims.push_back(sig);
      break;
    }
    case Proxy::MBarrier: {
      auto *it = llvm::find_if(
          barriers, [&](auto &entry) { return entry.first == access.value; });
      if (it == barriers.end()) {
        Sig sig;
        sig.what = What::Mbarrier;
        sig.scope = access.scope;
        barriers.push_back({access.value, sig});
        it = std::prev(barriers.end());
      }
      it->second.write |= access.isWrite();
      it->second.scope = wider(it->second.scope, access.scope);
      break;
    }
    case Proxy::AsyncArrive:
      arrive = true;
      break;
    }
  }
  for (auto &entry : barriers)
    claims.push_back(entry.second);
  if (arrive) {
    Sig sig;
    sig.what = What::Arrive;
    claims.push_back(sig);
  }
  if (std::optional<FenceScope> scope = op.getProxyFenceScope()) {
    Sig sig;
    sig.what = What::Fence;
    sig.scope = *scope;
    claims.push_back(sig);
  }
  if (CompletionKind waits = op.getCompletionKind();
      waits != CompletionKind::None) {
    const WaitRow *row = llvm::find_if(
        kWaits, [&](const WaitRow &r) { return r.ttgir == waits; });
    // A wait the PTX model has no role for claims nothing (kWaits).
    if (row != std::end(kWaits) && row->ptx) {
      Sig sig;
      sig.what = What::Wait;
      sig.waits = waits;
      claims.push_back(sig);
    } else {
      whyNone = std::string("waits for ") +
                stringifyCompletionKind(waits).str() +
                ", which has no PTX role";
    }
  }
  if (op.isExecutionBarrier()) {
    Sig sig;
    sig.what = What::Barrier;
    claims.push_back(sig);
  }
  if (std::optional<FenceScope> scope = op.getExecutionBarrierScope()) {
    Sig sig;
    sig.what = What::Barrier;
    sig.scope = *scope;
    claims.push_back(sig);
  }
  if (claims.empty() && whyNone.empty()) {
    if (tensor)
      whyNone = "tensor memory only (no TMEM in the PTX model)";
    else if (global)
      whyNone = "global memory only";
    else if (alloc)
      whyNone = "allocation/free only";
    else
      whyNone = "no access or role";
  }
  return claims;
}

Done doneOf(const ptx::Access &access, const ptx::Classification &c) {
  switch (access.completion) {
  case ptx::Completion::BulkGroup:
    return Done::BulkGroup;
  case ptx::Completion::WgmmaGroup:
    return Done::WgmmaGroup;
  case ptx::Completion::Tcgen05Commit:
    return Done::Tcgen05Commit;
  case ptx::Completion::None:
    break;
  }
  return access.isAsync && c.barrierOperand ? Done::MbarrierTx : Done::None;
}

/// Applies a PTX-side mutation to a copy of the classification.
ptx::Classification mutate(ptx::Classification c, const ptx::Instruction &inst,
                           Mutation mutation) {
  StringRef opcode = inst.opcode;
  for (ptx::Access &access : c.accesses) {
    if (mutation == Mutation::FlipAsyncScope && access.isAsync)
      access.scope = access.scope == Scope::CTA ? Scope::Cluster : Scope::CTA;
    if (mutation == Mutation::FlipGenericDirection && !access.isAsync &&
        !access.isMbarrier && access.isRead != access.isWrite)
      std::swap(access.isRead, access.isWrite);
    if (mutation == Mutation::WgmmaCompletesByBulkGroup &&
        access.completion == ptx::Completion::WgmmaGroup)
      access.completion = ptx::Completion::BulkGroup;
    if (mutation == Mutation::Tcgen05ReadIsGeneric &&
        opcode.starts_with("tcgen05.mma"))
      access.isAsync = false;
  }
  if (mutation == Mutation::FlipFenceScope && c.role == ptx::Role::ProxyFence)
    c.fenceScope = c.fenceScope == Scope::CTA ? Scope::Cluster : Scope::CTA;
  return c;
}

/// The classifier's facts about `inst`.
llvm::SmallVector<Sig> factsOf(const ptx::Instruction &inst,
                               Mutation mutation) {
  ptx::Classification c = mutate(ptx::classify(inst), inst, mutation);
  llvm::SmallVector<Sig> facts;
  auto add = [&](What what) -> Sig & {
    facts.emplace_back();
    facts.back().what = what;
    return facts.back();
  };
  switch (c.role) {
  case ptx::Role::Accesses:
  case ptx::Role::MbarrierWait:
    for (const ptx::Access &access : c.accesses) {
      if (access.isMbarrier) {
        // Strongest effect (see the file comment).
        Sig &sig = add(What::Mbarrier);
        sig.write = access.isWrite;
        sig.scope = access.scope;
        continue;
      }
      for (bool write : {false, true}) {
        if (write ? !access.isWrite : !access.isRead)
          continue;
        Sig &sig = add(What::Data);
        sig.async = access.isAsync;
        sig.write = write;
        sig.scope = access.scope;
        sig.done = doneOf(access, c);
      }
    }
    if (c.barrierOperand)
      add(What::Arrive);
    if (c.role == ptx::Role::MbarrierWait)
      add(What::Wait).waits = CompletionKind::MBarrierPhase;
    break;
  case ptx::Role::ProxyFence:
    add(What::Fence).scope = c.fenceScope;
    break;
  case ptx::Role::ExecutionBarrier:
    add(What::Barrier).scope = c.barrierScope;
    break;
  case ptx::Role::BulkWait:
    add(What::Wait).waits = CompletionKind::BulkStoreRead;
    break;
  case ptx::Role::WgmmaWait:
    add(What::Wait).waits = CompletionKind::WgmmaGroup;
    break;
  case ptx::Role::Tcgen05Commit:
    add(What::Arrive);
    break;
  case ptx::Role::Unknown:
    add(What::Unknown).note = inst.opcode;
    break;
  case ptx::Role::BulkCommit:
  case ptx::Role::WgmmaCommit:
    // The commit of an async op's group: no op of its own in TTGIR (the
    // async op's completion says which group it joins).
  case ptx::Role::None:
    break;
  }
  for (Sig &fact : facts)
    fact.note = inst.opcode;
  return facts;
}

//===----------------------------------------------------------------------===//
// Source positions
//===----------------------------------------------------------------------===//

/// A source position: file base name, line, column.
using Position = std::tuple<std::string, unsigned, unsigned>;

/// The positions an op's location names: the FileLineColLoc under name
/// locations, the callee's of an inlined call (PTX `.loc` gives the
/// callee's line, with `inlined_at`), each one of a fused location.
void collectPositions(Location loc, std::set<Position> &out) {
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    if (file.getLine() != 0)
      out.insert(
          {llvm::sys::path::filename(file.getFilename().getValue()).str(),
           file.getLine(), file.getColumn()});
  } else if (auto name = dyn_cast<NameLoc>(loc)) {
    collectPositions(name.getChildLoc(), out);
  } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    collectPositions(call.getCallee(), out);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      collectPositions(inner, out);
  }
}

std::string str(const Position &p) {
  return std::get<0>(p) + ":" + std::to_string(std::get<1>(p)) + ":" +
         std::to_string(std::get<2>(p));
}

//===----------------------------------------------------------------------===//
// One kernel
//===----------------------------------------------------------------------===//

struct KernelResult {
  std::string name;
  /// Why the kernel could not be compared at all (empty: it was).
  std::string error;
  unsigned opsCompared = 0, opsAgreeing = 0, claimsChecked = 0,
           instructionsChecked = 0;
  std::map<std::string, unsigned> skipped;
  std::vector<std::string> failures;
  /// Known disagreements seen (kKnownDisagreements index -> count).
  std::map<unsigned, unsigned> known;
  /// PTX facts of unmodelled lowerings (kUnmodelled index -> count).
  std::map<unsigned, unsigned> unmodelled;
  unsigned unclaimedChecked = 0;
  /// The first occurrence of each (index -> message).
  std::map<unsigned, std::string> knownExamples;
};

struct PtxInstruction {
  const ptx::Instruction *inst;
  llvm::SmallVector<Sig> facts;
};

/// Ops of one lowering at one position: their claims together, and the
/// instructions of that lowering there.
struct Group {
  std::string op;
  Position position;
  llvm::SmallVector<Sig> claims;
  std::vector<const PtxInstruction *> instructions;
};

std::string whereOf(const ptx::Module &module, const ptx::Instruction &inst) {
  return module.path + ":" + std::to_string(inst.position.line) + " `" +
         inst.opcode + "`";
}

/// The last TTGIR before LLVM (Triton's make_llir runs scf-to-cf, shared
/// and tensor memory allocation and the proxy fence insertion after the
/// `final.ttgir` dump): the one whose ops the PTX comes from.
std::string ttgirOf(StringRef dir) {
  for (StringRef name : {"after.proxy-fence-insertion.mlir", "final.ttgir"}) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  return "";
}

KernelResult checkKernel(StringRef dir, StringRef name, MLIRContext &context,
                         Mutation mutation) {
  KernelResult result;
  result.name = name.str();
  std::string ttgirPath = ttgirOf(dir);
  llvm::SmallString<256> ptxPath(dir);
  llvm::sys::path::append(ptxPath, "final.ptx");
  if (ttgirPath.empty() || !llvm::sys::fs::exists(ptxPath)) {
    result.error = "no TTGIR or no final.ptx";
    return result;
  }

  // The PTX, by source position.
  auto ptxBuffer = llvm::MemoryBuffer::getFile(ptxPath);
  if (!ptxBuffer) {
    result.error = "cannot read " + std::string(ptxPath);
    return result;
  }
  ptx::Module ptxModule;
  ptx::ReadError readError;
  if (!ptx::readModule(name.str() + "/final.ptx", (*ptxBuffer)->getBuffer(),
                       ptxModule, readError)) {
    result.error = "PTX: " + readError.message;
    return result;
  }
  std::vector<PtxInstruction> instructions;
  for (const ptx::Function &function : ptxModule.functions)
    for (const ptx::Instruction &inst : function.instructions)
      instructions.push_back({&inst, factsOf(inst, mutation)});
  std::map<Position, std::vector<const PtxInstruction *>> atPosition;
  for (const PtxInstruction &entry : instructions) {
    const ptx::DebugLoc &loc = entry.inst->loc;
    if (loc.line == 0)
      continue; // compiler-generated code
    std::string file =
        llvm::sys::path::filename(ptxModule.getFileName(loc.file)).str();
    atPosition[{file, loc.line, loc.column}].push_back(&entry);
  }

  // The TTGIR.
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(ttgirPath, &context);
  if (!module) {
    result.error = "cannot parse " + ttgirPath;
    return result;
  }

  std::map<std::pair<std::string, Position>, Group> groups;
  ProxyAccessLookup lookup;
  auto skip = [&](const std::string &why) { ++result.skipped[why]; };
  std::map<Position, std::set<std::string>> opsAt;
  module->walk([&](Operation *operation) {
    std::set<Position> at;
    collectPositions(operation->getLoc(), at);
    for (const Position &position : at)
      opsAt[position].insert(operation->getName().getStringRef().str());
  });
  module->walk([&](Operation *operation) {
    ProxyAccessRef op = lookup.get(operation);
    if (!op)
      return;
    StringRef opName = operation->getName().getStringRef();
    std::string whyNone;
    llvm::SmallVector<Sig> claims = claimsOf(op, whyNone, mutation);
    if (claims.empty()) {
      skip("nothing to compare: " + whyNone);
      return;
    }
    std::set<Position> positions;
    collectPositions(operation->getLoc(), positions);
    if (positions.empty()) {
      skip("no file:line:col location");
      return;
    }
    const Lowering *lowering = findLowering(opName);
    if (!lowering) {
      result.failures.push_back(
          (opName + " has claims but no entry in the lowering table "
                    "(lowerings()): add what Triton lowers it to")
              .str());
      return;
    }
    // Its lowering: the instructions at its position(s) it lowers to.
    std::vector<const PtxInstruction *> candidates;
    bool anyAtPosition = false;
    for (const Position &position : positions) {
      auto it = atPosition.find(position);
      if (it == atPosition.end())
        continue;
      anyAtPosition = true;
      Group &group = groups[{opName.str(), position}];
      group.op = opName.str();
      group.position = position;
      for (const Sig &claim : claims)
        if (llvm::none_of(group.claims, [&](const Sig &other) {
              return sameClaim(claim, other);
            }))
          group.claims.push_back(claim);
      for (const PtxInstruction *entry : it->second) {
        if (!lowering->lowersTo(entry->inst->opcode))
          continue;
        candidates.push_back(entry);
        if (!llvm::is_contained(group.instructions, entry))
          group.instructions.push_back(entry);
      }
    }
    if (!anyAtPosition) {
      skip("no PTX instruction at its source position (lowered away)");
      return;
    }
    if (candidates.empty()) {
      skip("no instruction of its lowering at its source position");
      return;
    }
    // Every claim is a fact of its lowering.
    std::string where = opName.str() + " at " + str(*positions.begin());
    size_t failuresBefore = result.failures.size();
    for (const Sig &claim : claims) {
      ++result.claimsChecked;
      bool agreed = false;
      std::string closest;
      const KnownDisagreement *known = nullptr;
      unsigned shown = 0;
      for (const PtxInstruction *entry : candidates)
        for (const Sig &fact : entry->facts) {
          llvm::SmallVector<StringRef> diff = differences(claim, fact);
          if (diff.empty()) {
            agreed = true;
            continue;
          }
          if (fact.what != claim.what)
            continue;
          if (const KnownDisagreement *k = findKnown(opName, claim.what, diff))
            known = k;
          if (++shown <= 3)
            closest += "\n      " + whereOf(ptxModule, *entry->inst) + ": " +
                       describe(fact, false) + " (differs in " +
                       llvm::join(diff, ", ") + ")";
        }
      if (agreed)
        continue;
      if (known) {
        unsigned index = known - std::begin(kKnownDisagreements);
        ++result.known[index];
        result.knownExamples.try_emplace(
            index, where + ": TTGIR claims " + describe(claim, true) + closest);
        continue;
      }
      result.failures.push_back(where + ": TTGIR claims " +
                                describe(claim, true) +
                                ", no instruction of its lowering agrees:" +
                                (closest.empty() ? std::string(" none is about "
                                                               "that")
                                                 : closest));
    }
    ++result.opsCompared;
    result.opsAgreeing += result.failures.size() == failuresBefore;
  });

  // Every fact of a lowering is a claim of the ops there.
  bool verbose = std::getenv("PROXYFENCE_OP_MODEL_VERBOSE");
  for (auto &[key, group] : groups) {
    if (verbose) {
      llvm::errs() << name << ": " << group.op << " at " << str(group.position)
                   << "\n";
      for (const Sig &claim : group.claims)
        llvm::errs() << "  claims " << describe(claim, true) << "\n";
      for (const PtxInstruction *entry : group.instructions)
        for (const Sig &fact : entry->facts)
          llvm::errs() << "  " << whereOf(ptxModule, *entry->inst) << ": "
                       << describe(fact, false) << "\n";
    }
    for (const PtxInstruction *entry : group.instructions) {
      ++result.instructionsChecked;
      for (const Sig &fact : entry->facts) {
        bool agreed = false;
        const KnownDisagreement *known = nullptr;
        std::string closest;
        for (const Sig &claim : group.claims) {
          llvm::SmallVector<StringRef> diff = differences(claim, fact);
          if (diff.empty()) {
            agreed = true;
            break;
          }
          if (claim.what != fact.what)
            continue;
          if (const KnownDisagreement *k = findKnown(group.op, fact.what, diff))
            known = k;
          closest += "\n      TTGIR claims " + describe(claim, true) +
                     " (differs in " + llvm::join(diff, ", ") + ")";
        }
        if (agreed)
          continue;
        if (known) {
          ++result.known[known - std::begin(kKnownDisagreements)];
          continue;
        }
        result.failures.push_back(
            whereOf(ptxModule, *entry->inst) + ", lowering of " + group.op +
            " at " + str(group.position) + ": PTX classifies it as " +
            describe(fact, false) + ", which no op there claims" +
            (closest.empty() ? std::string() : ":" + closest));
      }
    }
  }
  // Every PTX shared-memory fact outside those lowerings comes from the
  // lowering of an op the TTGIR model knows to leave out (kUnmodelled).
  // Execution barriers are left out: Triton puts bar.sync around the
  // lowering of many ops (mbarrier init, TMA issue, scratch); neither model
  // makes those an op's role. So are instructions the table does not know
  // (Role::Unknown: mov, add, ...; a shared access always names .shared).
  std::set<const PtxInstruction *> covered;
  for (auto &[key, group] : groups)
    covered.insert(group.instructions.begin(), group.instructions.end());
  for (const PtxInstruction &entry : instructions) {
    if (covered.count(&entry))
      continue;
    const ptx::DebugLoc &loc = entry.inst->loc;
    Position position{
        llvm::sys::path::filename(ptxModule.getFileName(loc.file)).str(),
        loc.line, loc.column};
    auto ops = opsAt.find(position);
    for (const Sig &fact : entry.facts) {
      if (fact.what == What::Barrier || fact.what == What::Unknown)
        continue;
      ++result.unclaimedChecked;
      const Unmodelled *gap = nullptr;
      if (ops != opsAt.end())
        for (const Unmodelled &u : kUnmodelled)
          if (u.what == fact.what && ops->second.count(u.op.str()))
            gap = &u;
      if (gap) {
        ++result.unmodelled[gap - std::begin(kUnmodelled)];
        continue;
      }
      std::string there =
          ops == opsAt.end()
              ? std::string("none")
              : llvm::join(ops->second.begin(), ops->second.end(), ", ");
      result.failures.push_back(
          whereOf(ptxModule, *entry.inst) + " at " + str(position) +
          ": PTX classifies it as " + describe(fact, false) +
          ", but it is in the lowering of no op (TTGIR ops there: " + there +
          ")");
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// The corpus
//===----------------------------------------------------------------------===//

/// Kernel directories (relative to the corpus) under each corpus part.
std::vector<std::pair<std::string, std::vector<std::string>>> corpusKernels() {
  std::vector<std::pair<std::string, std::vector<std::string>>> parts;
  for (StringRef part : {"sm90", "sm100", "coverage/sm90", "coverage/sm100"}) {
    llvm::SmallString<256> root(PROXYFENCE_CORPUS_DIR);
    llvm::sys::path::append(root, part);
    std::vector<std::string> kernels;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(root, ec), end; !ec && it != end;
         it.increment(ec)) {
      llvm::SmallString<256> ptx(it->path());
      llvm::sys::path::append(ptx, "final.ptx");
      if (llvm::sys::fs::exists(ptx))
        kernels.push_back(
            (part + "/" + llvm::sys::path::filename(it->path())).str());
    }
    llvm::sort(kernels);
    parts.push_back({part.str(), kernels});
  }
  return parts;
}

class OpModelAgreement : public ::testing::Test {
protected:
  OpModelAgreement() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  KernelResult check(StringRef kernel, Mutation mutation = Mutation::None) {
    llvm::SmallString<256> dir(PROXYFENCE_CORPUS_DIR);
    llvm::sys::path::append(dir, kernel);
    return checkKernel(dir, kernel, context, mutation);
  }

  MLIRContext context;
};

TEST_F(OpModelAgreement, EveryCorpusKernel) {
  std::map<unsigned, unsigned> knownTotal, unmodelledTotal;
  std::map<unsigned, std::string> knownExample;
  unsigned kernelsTotal = 0;
  for (auto &[part, kernels] : corpusKernels()) {
    EXPECT_FALSE(kernels.empty()) << "no kernels in corpus/" << part;
    unsigned ops = 0, claims = 0, instructions = 0;
    std::map<std::string, unsigned> skipped;
    for (const std::string &kernel : kernels) {
      KernelResult r = check(kernel);
      ++kernelsTotal;
      ASSERT_TRUE(r.error.empty()) << kernel << ": " << r.error;
      // Each kernel compares something: its TMA, MMA, fences...
      EXPECT_GT(r.opsAgreeing, 0u) << kernel;
      for (const std::string &failure : r.failures)
        ADD_FAILURE() << kernel << ": " << failure;
      llvm::outs() << kernel << ": " << r.opsAgreeing << "/" << r.opsCompared
                   << " ops agree or differ as known (" << r.claimsChecked
                   << " claims, " << r.instructionsChecked
                   << " PTX instructions of their lowerings, "
                   << r.unclaimedChecked << " facts outside them)";
      unsigned skips = 0;
      for (auto &[why, n] : r.skipped)
        skips += n;
      llvm::outs() << ", " << skips << " skipped";
      for (auto &[why, n] : r.skipped) {
        llvm::outs() << "\n    " << n << " x " << why;
        skipped[why] += n;
      }
      for (auto &[index, n] : r.known) {
        llvm::outs() << "\n    known disagreement x" << n << ": "
                     << kKnownDisagreements[index].op << " "
                     << kKnownDisagreements[index].field;
        knownTotal[index] += n;
        knownExample.try_emplace(index, kernel + ": " + r.knownExamples[index]);
      }
      for (auto &[index, n] : r.unmodelled) {
        llvm::outs() << "\n    unmodelled lowering x" << n << ": "
                     << kUnmodelled[index].op;
        unmodelledTotal[index] += n;
      }
      llvm::outs() << "\n";
      ops += r.opsCompared;
      claims += r.claimsChecked;
      instructions += r.instructionsChecked;
    }
    llvm::outs() << "== corpus/" << part << ": " << kernels.size()
                 << " kernels, " << ops << " ops compared (" << claims
                 << " claims, " << instructions << " PTX instructions)";
    for (auto &[why, n] : skipped)
      llvm::outs() << "\n    skipped " << n << " x " << why;
    llvm::outs() << "\n";
  }
  EXPECT_GT(kernelsTotal, 0u);
  // Each known disagreement still occurs; once fixed, remove its entry.
  for (unsigned i = 0, e = std::size(kKnownDisagreements); i != e; ++i) {
    EXPECT_GT(knownTotal[i], 0u)
        << "known disagreement no longer seen, remove it: "
        << kKnownDisagreements[i].op.str() << " "
        << kKnownDisagreements[i].field.str();
    llvm::outs() << "known disagreement (" << knownTotal[i]
                 << " times): " << kKnownDisagreements[i].op << " "
                 << kKnownDisagreements[i].field << ": "
                 << kKnownDisagreements[i].why << "\n  e.g. " << knownExample[i]
                 << "\n";
  }
  for (unsigned i = 0, e = std::size(kUnmodelled); i != e; ++i) {
    EXPECT_GT(unmodelledTotal[i], 0u)
        << "unmodelled lowering no longer seen, remove it: "
        << kUnmodelled[i].op.str();
    llvm::outs() << "unmodelled lowering (" << unmodelledTotal[i]
                 << " PTX facts): " << kUnmodelled[i].op << ": "
                 << kUnmodelled[i].why << "\n";
  }
  llvm::outs().flush();
}

/// The check is not vacuous: breaking either model in a copy of its
/// answers makes it fail on the corpus.
TEST_F(OpModelAgreement, DetectsABrokenClassification) {
  const std::pair<Mutation, const char *> mutations[] = {
      {Mutation::FlipAsyncScope, "PTX async scope flipped"},
      {Mutation::FlipGenericDirection, "PTX generic direction flipped"},
      {Mutation::WgmmaCompletesByBulkGroup,
       "PTX wgmma completes by bulk group"},
      {Mutation::Tcgen05ReadIsGeneric, "PTX tcgen05.mma reads generic"},
      {Mutation::FlipFenceScope, "PTX fence scope flipped"},
      {Mutation::TmaLoadClaimsCluster, "TTGIR TMA load at cluster scope"},
  };
  for (auto [mutation, what] : mutations) {
    unsigned failures = 0, kernelsFailing = 0;
    std::string example;
    for (auto &[part, kernels] : corpusKernels())
      for (const std::string &kernel : kernels) {
        KernelResult r = check(kernel, mutation);
        ASSERT_TRUE(r.error.empty()) << kernel << ": " << r.error;
        failures += r.failures.size();
        kernelsFailing += !r.failures.empty();
        if (example.empty() && !r.failures.empty())
          example = kernel + ": " + r.failures.front();
      }
    EXPECT_GT(failures, 0u) << what << ": the check did not notice";
    llvm::outs() << what << ": " << failures << " disagreements in "
                 << kernelsFailing << " kernels, e.g.\n  " << example << "\n";
  }
  llvm::outs().flush();
}

} // namespace
