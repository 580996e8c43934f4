//===- Classify.cpp - the proxy role of every PTX instruction ------------===//
//
// THE classification table of the PTX checker: each rule matches a
// mnemonic prefix (first match wins) and states, following
// docs/proxy-model.md, which operand is read or written through which
// proxy, at which scope, and how the access completes. Anything not in the
// table is Role::Unknown and handled conservatively by the checker.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Classify.h"
#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace proxyfence::ptx;
using llvm::StringRef;

bool proxyfence::ptx::isMemoryOperand(StringRef operand) {
  return operand.starts_with("[");
}

std::optional<uint64_t> proxyfence::ptx::getAccessWidth(StringRef opcode) {
  llvm::SmallVector<StringRef, 8> parts;
  opcode.split(parts, '.');
  uint64_t vector = 1;
  std::optional<uint64_t> element;
  for (StringRef part : parts) {
    if (part.consume_front("v")) {
      unsigned n;
      if (!part.getAsInteger(10, n))
        vector = n;
      continue;
    }
    if (part.empty() || !StringRef("busf").contains(part.front()))
      continue;
    StringRef bits = part.drop_front();
    unsigned lanes = 1;
    if (bits.contains('x')) {
      auto [b, l] = bits.split('x');
      bits = b;
      if (l.getAsInteger(10, lanes))
        continue;
    }
    unsigned n;
    if (bits.getAsInteger(10, n) || n % 8 != 0)
      continue;
    element = n / 8 * lanes;
  }
  if (!element)
    return std::nullopt;
  return *element * vector;
}

namespace {

bool mentionsShared(StringRef opcode) {
  return opcode.contains(".shared");
}

Scope clusterIf(bool cluster) { return cluster ? Scope::Cluster : Scope::CTA; }

/// The index of the first `[...]` operand at or after `from`.
std::optional<unsigned> memoryOperand(const Instruction &inst,
                                      unsigned from = 0) {
  for (unsigned i = from, e = inst.operands.size(); i < e; ++i)
    if (isMemoryOperand(inst.operands[i]))
      return i;
  return std::nullopt;
}

/// An access of `width` bytes through the instruction's first memory
/// operand; none when it has no memory operand.
std::optional<Access> memoryAccess(const Instruction &inst, bool read,
                                   bool write,
                                   std::optional<uint64_t> width) {
  std::optional<unsigned> address = memoryOperand(inst);
  if (!address)
    return std::nullopt;
  Access access;
  access.operand = *address;
  access.isRead = read;
  access.isWrite = write;
  access.width = width;
  return access;
}

Classification accesses(std::vector<Access> list) {
  Classification c;
  c.role = Role::Accesses;
  c.accesses = std::move(list);
  return c;
}

Classification roleOnly(Role role) {
  Classification c;
  c.role = role;
  return c;
}

/// ld/st/atom/red with .shared (incl. ::cta/::cluster): generic.
Classification genericMemory(const Instruction &inst, bool read, bool write) {
  StringRef opcode = inst.opcode;
  if (!mentionsShared(opcode)) {
    // Another state space, or generic addressing: the checker looks at
    // the address's provenance.
    bool generic = !opcode.contains(".global") && !opcode.contains(".param") &&
                   !opcode.contains(".local") && !opcode.contains(".const");
    return generic ? roleOnly(Role::Unknown) : roleOnly(Role::None);
  }
  std::optional<Access> access =
      memoryAccess(inst, read, write, getAccessWidth(opcode));
  if (!access)
    return roleOnly(Role::Unknown);
  access->scope = clusterIf(opcode.contains("shared::cluster"));
  return accesses({*access});
}

Classification classifyLoad(const Instruction &inst) {
  return genericMemory(inst, true, false);
}
Classification classifyStore(const Instruction &inst) {
  return genericMemory(inst, false, true);
}
Classification classifyAtomic(const Instruction &inst) {
  return genericMemory(inst, true, true);
}

/// ldmatrix/stmatrix: each thread names one 16-byte row.
Classification classifyMatrix(const Instruction &inst, bool write) {
  std::optional<Access> access = memoryAccess(inst, !write, write, 16);
  if (!access)
    return roleOnly(Role::Unknown);
  return accesses({*access});
}
Classification classifyLdmatrix(const Instruction &inst) {
  return classifyMatrix(inst, false);
}
Classification classifyStmatrix(const Instruction &inst) {
  return classifyMatrix(inst, true);
}

Classification classifyMbarrier(const Instruction &inst);

/// Non-bulk cp.async.{ca,cg}.shared.global [dst], [src], size: a generic
/// write of the destination (docs/proxy-model.md: generic, not async).
Classification classifyCpAsync(const Instruction &inst) {
  // cp.async.mbarrier.arrive[.noinc] [mbar]: an arrive on the mbarrier
  // once the thread's earlier cp.async land, an mbarrier operation on its
  // 8 bytes, not a data write.
  if (StringRef(inst.opcode).starts_with("cp.async.mbarrier.arrive"))
    return classifyMbarrier(inst);
  if (!mentionsShared(inst.opcode) || inst.operands.empty())
    return roleOnly(Role::None); // commit_group, wait_group, wait_all
  Access access;
  access.operand = 0;
  access.isWrite = true;
  if (inst.operands.size() > 2)
    access.sizeOperand = 2;
  return accesses({access});
}

/// st.async / red.async: generic remote writes into a cluster CTA's shared
/// memory; their mbarrier operand is async arrive, not data.
Classification classifyStAsync(const Instruction &inst) {
  Access access;
  access.operand = 0;
  access.isWrite = true;
  access.isRead = StringRef(inst.opcode).starts_with("red");
  access.width = getAccessWidth(inst.opcode);
  access.scope = Scope::Cluster;
  return accesses({access});
}

/// Every mbarrier.* executed by a thread: generic traffic on the barrier's
/// 8 bytes. try_wait/test_wait also complete tcgen05 commits.
Classification classifyMbarrier(const Instruction &inst) {
  std::optional<Access> access = memoryAccess(
      inst, true, !StringRef(inst.opcode).contains("wait"), 8);
  if (!access)
    return roleOnly(Role::None);
  access->isMbarrier = true;
  access->scope = clusterIf(inst.opcode.find("shared::cluster") !=
                            std::string::npos);
  Classification c = accesses({*access});
  if (StringRef(inst.opcode).starts_with("mbarrier.try_wait") ||
      StringRef(inst.opcode).starts_with("mbarrier.test_wait"))
    c.role = Role::MbarrierWait;
  return c;
}

/// `<prefix>.commit_group` and `<prefix>.wait_group N` (bulk copies,
/// wgmma): the commit, or the wait for all but N groups; none for another
/// opcode.
std::optional<Classification> classifyGroup(const Instruction &inst,
                                            StringRef prefix, Role commit,
                                            Role wait) {
  StringRef opcode = inst.opcode;
  if (!opcode.consume_front(prefix))
    return std::nullopt;
  // A token ends at `.` or the opcode's end: `.wait_group0` is no wait.
  auto token = [&](StringRef name) {
    return opcode.starts_with(name) &&
           (opcode.size() == name.size() || opcode[name.size()] == '.');
  };
  if (token(".commit_group"))
    return roleOnly(commit);
  if (!token(".wait_group"))
    return std::nullopt;
  Classification c = roleOnly(wait);
  if (!inst.operands.empty())
    (void)StringRef(inst.operands[0]).getAsInteger(10, c.waitCount);
  return c;
}

/// The bulk copies: TMA loads/stores (.tensor), plain bulk copies and
/// bulk reductions.
Classification classifyBulk(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  if (std::optional<Classification> group = classifyGroup(
          inst, "cp.async.bulk", Role::BulkCommit, Role::BulkWait))
    return *group;
  if (opcode.contains("prefetch") || inst.operands.size() < 2)
    return roleOnly(Role::None);
  bool tensor = opcode.contains(".tensor");
  bool reduce = opcode.starts_with("cp.reduce");
  bool multicast = opcode.contains(".multicast::cluster");
  // Destination and source state spaces follow the mnemonic's order.
  size_t dstShared = opcode.find(".shared");
  size_t global = opcode.find(".global");
  bool toShared = dstShared != StringRef::npos &&
                  (global == StringRef::npos || dstShared < global);
  bool fromShared =
      (!toShared && dstShared != StringRef::npos) ||
      (toShared && opcode.substr(dstShared + 7).contains(".shared"));
  std::vector<Access> list;
  std::optional<unsigned> size;
  if (!tensor && inst.operands.size() > 2)
    size = 2;
  auto asyncAccess = [&](unsigned operand, bool read, bool write) {
    Access access;
    access.operand = operand;
    access.isRead = read;
    access.isWrite = write;
    access.isAsync = true;
    access.sizeOperand = size;
    return access;
  };
  if (toShared) {
    Access write = asyncAccess(0, reduce, true);
    write.scope = clusterIf(multicast ||
                            opcode.contains(".shared::cluster.shared"));
    list.push_back(write);
  }
  if (fromShared) {
    Access read = asyncAccess(1, true, false);
    read.completion = toShared ? Completion::None : Completion::BulkGroup;
    list.push_back(read);
  }
  Classification c = accesses(std::move(list));
  if (opcode.contains("mbarrier::"))
    c.barrierOperand = memoryOperand(inst, tensor ? 2 : 3);
  return c;
}

/// wgmma.mma_async D, A-desc|{A regs}, B-desc, ...: async reads of the
/// matrices the descriptors name.
Classification classifyWgmma(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  if (std::optional<Classification> group =
          classifyGroup(inst, "wgmma", Role::WgmmaCommit, Role::WgmmaWait))
    return *group;
  if (!opcode.starts_with("wgmma.mma_async") || inst.operands.size() < 3)
    return roleOnly(Role::None); // wgmma.fence
  // The shape `.m64nNkK`: A has 64 rows, B N; every dense shape reads 32
  // bytes of K per row (k16 of 16-bit types, k8 of tf32, k32 of 8-bit
  // types, k256 of b1), a sparse one at most 64 (PTX ISA
  // #asynchronous-warpgroup-level-matrix-shape).
  unsigned n = 0;
  for (StringRef part : llvm::split(opcode, '.'))
    if (part.starts_with("m64n")) {
      if (part.drop_front(4).split('k').first.getAsInteger(10, n))
        n = 0;
    }
  unsigned rowBytes = opcode.contains(".sp") ? 64 : 32;
  // The element size of A and B (the last two type suffixes); only 16-bit
  // types may be MN-major, by the imm-trans operands (the last one or
  // two), else both are K-major.
  unsigned element = 0;
  if (opcode.ends_with(".f16") || opcode.ends_with(".bf16"))
    element = 2;
  else if (opcode.ends_with(".tf32"))
    element = 4;
  else if (opcode.ends_with(".e4m3") || opcode.ends_with(".e5m2") ||
           opcode.ends_with(".s8") || opcode.ends_with(".u8") ||
           opcode.ends_with(".b1"))
    element = 1;
  bool aFromRegisters = StringRef(inst.operands[1]).starts_with("{");
  auto transposed = [&](unsigned which) -> std::optional<bool> {
    if (element != 2)
      return element ? std::optional<bool>(false) : std::nullopt;
    unsigned count = aFromRegisters ? 1 : 2;
    if (inst.operands.size() < count + 4)
      return std::nullopt;
    unsigned index = inst.operands.size() - count + (aFromRegisters ? 0 : which);
    std::optional<int64_t> value = immediateOperand(inst.operands[index]);
    if (!value)
      return std::nullopt;
    return *value != 0;
  };
  std::vector<Access> list;
  for (unsigned operand : {1u, 2u}) {
    if (StringRef(inst.operands[operand]).starts_with("{"))
      continue; // A from registers
    Access read;
    read.operand = operand;
    read.isRead = true;
    read.isAsync = true;
    read.isDescriptor = true;
    read.completion = Completion::WgmmaGroup;
    read.matrixRows = operand == 1 ? 64 : n;
    read.matrixRowBytes = read.matrixRows ? rowBytes : 0;
    read.matrixElementBytes = element;
    read.matrixOperand = operand - 1;
    if (std::optional<bool> t = transposed(operand - 1))
      read.kMajor = !*t;
    list.push_back(read);
  }
  return accesses(std::move(list));
}

/// tcgen05.mma [d], A-desc|[a-tmem], B-desc, ...; tcgen05.cp [taddr],
/// s-desc; tcgen05.commit.
Classification classifyTcgen05(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  bool pair = opcode.contains(".cta_group::2");
  if (opcode.starts_with("tcgen05.commit"))
    return roleOnly(Role::Tcgen05Commit);
  std::vector<unsigned> descriptors;
  if (opcode.starts_with("tcgen05.mma") && inst.operands.size() >= 3)
    descriptors = {1, 2};
  else if (opcode.starts_with("tcgen05.cp") && inst.operands.size() >= 2)
    descriptors = {1};
  // The matrix a descriptor names: for tcgen05.mma, M and N are in the
  // instruction descriptor, at most 256 each, and every kind reads 32 bytes
  // of K per row (64 sparse); tcgen05.cp names its shape, `.RxBb`: R rows
  // of B bits (PTX ISA #tcgen05-mma-shape, #tcgen05-instructions-tcgen05-cp).
  unsigned rows = 0, rowBytes = 0, element = 0;
  std::optional<unsigned> shape;
  if (opcode.starts_with("tcgen05.mma")) {
    rows = 256;
    rowBytes = opcode.contains(".sp") ? 64 : 32;
    element = opcode.contains("kind::tf32")  ? 4
              : opcode.contains("kind::f16") ? 2
                                             : 1;
    // [d], a, b, [sp-meta]?, idesc, ...
    unsigned index = opcode.contains(".sp") ? 4 : 3;
    if (index < inst.operands.size() && !isMemoryOperand(inst.operands[index]))
      shape = index;
  } else {
    for (StringRef part : llvm::split(opcode, '.')) {
      auto [r, bits] = part.split('x');
      unsigned R, B;
      if (!bits.consume_back("b") || r.getAsInteger(10, R) ||
          bits.getAsInteger(10, B))
        continue;
      rows = R;
      rowBytes = B / 8;
    }
  }
  std::vector<Access> list;
  for (unsigned operand : descriptors) {
    if (isMemoryOperand(inst.operands[operand]))
      continue; // tensor memory
    Access read;
    read.operand = operand;
    read.isRead = true;
    read.isAsync = true;
    read.isDescriptor = true;
    read.scope = clusterIf(pair);
    read.completion = Completion::Tcgen05Commit;
    read.matrixRows = rows;
    read.matrixRowBytes = rowBytes;
    read.matrixElementBytes = element;
    read.shapeOperand = shape;
    read.matrixOperand = operand - 1;
    list.push_back(read);
  }
  if (list.empty())
    return roleOnly(Role::None); // tcgen05.ld/st/alloc/wait: tensor memory
  return accesses(std::move(list));
}

/// clusterlaunchcontrol.try_cancel [addr], [mbar]: async write of the
/// 16-byte response (to every CTA of the cluster when multicast).
Classification classifyTryCancel(const Instruction &inst) {
  if (!StringRef(inst.opcode).contains("try_cancel") || inst.operands.empty())
    return roleOnly(Role::None); // query_cancel reads registers
  Access write;
  write.operand = 0;
  write.isWrite = true;
  write.isAsync = true;
  write.width = 16;
  write.scope = clusterIf(StringRef(inst.opcode).contains("multicast"));
  Classification c = accesses({write});
  c.barrierOperand = memoryOperand(inst, 1);
  return c;
}

/// fence.proxy.async[.shared::cta|.shared::cluster]; .global is not a
/// shared-memory fence, and the other fences are not proxy fences.
///
/// The uni-directional forms (PTX ISA #parallel-synchronization-and-
/// communication-instructions-membar, PTX 8.6): the release fence
/// `fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster`
/// orders the thread's earlier generic accesses of its own CTA's shared
/// memory before later async-proxy accesses, the direction every hazard of
/// the model has (generic, then async): a CTA fence, read by state space.
/// The acquire form `fence.proxy.async::generic.acquire.sync_restrict::
/// shared::cluster.cluster` orders async-proxy accesses before later generic
/// ones: not a fence of the model (a generic access before it stays
/// unfenced).
Classification classifyFence(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  if (!opcode.starts_with("fence.proxy.async"))
    return roleOnly(Role::None);
  StringRef scope = opcode.drop_front(StringRef("fence.proxy.async").size());
  Classification c = roleOnly(Role::ProxyFence);
  if (scope.empty()) {
    c.unscoped = true;
    c.fenceScope = Scope::Cluster;
  } else if (scope == ".shared::cta" ||
             scope == "::generic.release.sync_restrict::shared::cta.cluster") {
    c.fenceScope = Scope::CTA;
  } else if (scope == ".shared::cluster") {
    c.fenceScope = Scope::Cluster;
  } else {
    return roleOnly(Role::None); // .global, the acquire form
  }
  return c;
}

/// The tensormap proxy's shared-memory operands (PTX ISA #tensormap-replace,
/// #tensormap-cp-fenceproxy): `tensormap.replace` rewrites a field of a
/// 128-byte tensor map in place (a generic read and write of it, when the
/// map is in shared memory), `tensormap.cp_fenceproxy.global.shared::cta`
/// copies 128 bytes from shared memory (a generic read of its second
/// operand) into global memory. Neither is an async-proxy access of shared
/// memory.
Classification classifyTensormap(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  Access access;
  access.width = 128;
  access.isRead = true;
  if (opcode.starts_with("tensormap.replace")) {
    if (!mentionsShared(opcode))
      return roleOnly(Role::None); // a map in global memory
    std::optional<unsigned> map = memoryOperand(inst);
    if (!map)
      return roleOnly(Role::Unknown);
    access.operand = *map;
    access.isWrite = true;
    return accesses({access});
  }
  if (opcode.starts_with("tensormap.cp_fenceproxy")) {
    std::optional<unsigned> destination = memoryOperand(inst);
    std::optional<unsigned> source =
        destination ? memoryOperand(inst, *destination + 1) : std::nullopt;
    if (!source || !opcode.contains(".shared"))
      return roleOnly(Role::Unknown);
    access.operand = *source;
    return accesses({access});
  }
  return roleOnly(Role::Unknown);
}

/// CTA barriers, and the cluster barrier: barrier.cluster.arrive
/// synchronizes with barrier.cluster.wait across the CTAs of the cluster
/// (PTX ISA #memory-synchronization), so the arrive is where a thread's
/// prior accesses become visible to the other CTAs.
Classification classifyBarrier(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  if (opcode.starts_with("bar.warp"))
    return roleOnly(Role::None);
  Classification c = roleOnly(Role::ExecutionBarrier);
  if (opcode.starts_with("barrier.cluster")) {
    c.barrierScope = Scope::Cluster;
    c.clusterArrive = opcode.starts_with("barrier.cluster.arrive");
  }
  return c;
}

Classification classifyBranch(const Instruction &) {
  Classification c;
  c.isBranch = true;
  return c;
}

Classification classifyTerminator(const Instruction &) {
  Classification c;
  c.isTerminator = true;
  return c;
}

Classification classifyNone(const Instruction &) { return {}; }

struct Rule {
  const char *prefix;
  Classification (*classify)(const Instruction &);
};

// First match wins: longer prefixes before shorter ones.
const Rule kTable[] = {
    // Proxy fences and execution barriers.
    {"fence.", classifyFence},
    {"membar", classifyNone},
    {"bar.", classifyBarrier},
    {"barrier.", classifyBarrier},
    // Async proxy: bulk copies (TMA), MMAs, CLC.
    {"cp.async.bulk", classifyBulk},
    {"cp.reduce.async.bulk", classifyBulk},
    {"wgmma.", classifyWgmma},
    {"tcgen05.", classifyTcgen05},
    {"clusterlaunchcontrol.", classifyTryCancel},
    // Tensormap proxy: generic accesses of a map in shared memory.
    {"tensormap.", classifyTensormap},
    // Generic proxy.
    {"cp.async.", classifyCpAsync},
    {"st.async", classifyStAsync},
    {"red.async", classifyStAsync},
    {"mbarrier.", classifyMbarrier},
    {"ldmatrix", classifyLdmatrix},
    {"stmatrix", classifyStmatrix},
    {"ld.", classifyLoad},
    {"ldu.", classifyLoad},
    {"st.", classifyStore},
    {"atom.", classifyAtomic},
    {"red.", classifyAtomic},
    // Control flow.
    {"bra", classifyBranch},
    {"brx.", classifyBranch},
    {"ret", classifyTerminator},
    {"exit", classifyTerminator},
    {"trap", classifyTerminator},
    // Registers only.
    {"mapa", classifyNone},
    {"cvta", classifyNone},
    {"prefetch", classifyNone},
};

} // namespace

Classification proxyfence::ptx::classify(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  for (const Rule &rule : kTable) {
    StringRef prefix = rule.prefix;
    if (!opcode.starts_with(prefix))
      continue;
    // A prefix is whole tokens: "bra" must not match "brkpt", "ret" not
    // "retx", "cp.async.bulk" not "cp.async.bulkx". A token ends at `.`,
    // `:` (`::cta`) or the opcode's end.
    if (!prefix.ends_with(".") && opcode.size() > prefix.size() &&
        opcode[prefix.size()] != '.' && opcode[prefix.size()] != ':')
      continue;
    return rule.classify(inst);
  }
  return roleOnly(Role::Unknown);
}
