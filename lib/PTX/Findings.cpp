//===- Findings.cpp - the PTX checker's findings -------------------------===//
//
// From the hazards of FunctionAnalysis (Hazards.cpp) to findings: missing
// fences and completion waits proven on resolved bytes, unproven orderings
// grouped by cause, spurious and over-wide fences by probing each fence.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"
#include "proxyfence/Engine/FenceVerdicts.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using namespace proxyfence;
using namespace proxyfence::ptx;
using namespace proxyfence::ptx::detail;
using llvm::StringRef;

namespace proxyfence::ptx::detail {

OpInfo describe(const Module &module, const Instruction &inst) {
  OpInfo info;
  info.name = inst.opcode;
  info.ir = {module.path, inst.position.line, inst.position.column};
  if (inst.loc.line != 0) {
    std::string file = module.getFileName(inst.loc.file);
    if (!file.empty())
      info.source = {file, inst.loc.line, inst.loc.column};
  }
  return info;
}

std::string fenceText(Scope scope) {
  return scope == Scope::Cluster ? "fence.proxy.async.shared::cluster;"
                                 : "fence.proxy.async.shared::cta;";
}

std::string describePath(const FunctionAnalysis &fa, unsigned from,
                         unsigned to) {
  if (fa.cfg.blockOf[from] == fa.cfg.blockOf[to] && from < to)
    return "same block";
  if (from >= to)
    return "loop back-edge";
  return "branch";
}

std::string describeOverlap(const Module &module, const Resolved &a,
                            const Resolved &b) {
  if (a.region.symbol < 0 || b.region.symbol < 0)
    return "an address whose provenance cannot be traced (it may be any "
           "shared memory): " +
           a.region.str(module) + " and " + b.region.str(module);
  return a.region.str(module) + " and " + b.region.str(module);
}

/// `fences`: the fences on the hazard's way that do not order it (too
/// narrow, or after the cluster arrive), found by the probes of
/// checkFunction.
Finding makeMissingFence(const FunctionAnalysis &fa, const Hazard &hazard,
                         llvm::ArrayRef<unsigned> fences) {
  const Module &module = fa.module;
  const Instruction &async = fa.function.instructions[hazard.async];
  const Instruction &generic = fa.function.instructions[hazard.generic];
  Finding finding{FindingKind::MissingFence};
  finding.hazard = stringifyHazardKind(hazard.kind).str();
  finding.primary = describe(module, async);
  finding.secondary = describe(module, generic);
  finding.region = describeOverlap(
      module, fa.accesses[hazard.generic][hazard.genericAccess],
      fa.accesses[hazard.async][hazard.asyncAccess]);
  finding.path = describePath(fa, hazard.generic, hazard.async);
  bool cluster = hazard.scope == Scope::Cluster;
  finding.scope = cluster ? "cluster" : "cta";
  StringRef kind = stringifyHazardKind(hazard.kind);
  StringRef genericVerb = hazard.kind == HazardKind::WAR ? "reads" : "writes";
  std::string named;
  for (unsigned fence : fences)
    named += std::string(named.empty() ? "" : ", ") + "the " +
             fa.function.instructions[fence].opcode + " at " +
             describe(module, fa.function.instructions[fence]).ir.str();
  std::string why;
  if (hazard.why == Unordered::CtaFenceOnly)
    why = "; " + (named.empty() ? "a fence.proxy.async.shared::cta" : named) +
          " on the way is too narrow: " +
          (fa.accesses[hazard.async][hazard.asyncAccess].scope ==
                   Scope::Cluster
               ? std::string("the async op reaches the shared memory of "
                             "other CTAs of the cluster")
               : generic.opcode + " " + genericVerb.str() +
                     " the shared memory of another CTA of the cluster, "
                     "whose async op only a cluster fence orders it for");
  else if (hazard.why == Unordered::FencedAfterArrive)
    why = "; " + (named.empty() ? "its cluster fence" : named) +
          " comes after the barrier.cluster.arrive that publishes the "
          "access to the other CTAs, so it does not order it for their "
          "async ops";
  // An acquire proxy fence between the two (in text order) orders the
  // other direction: say so, it looks like the missing fence.
  for (unsigned i = std::min(hazard.generic, hazard.async) + 1,
                e = std::max(hazard.generic, hazard.async);
       i < e && why.empty(); ++i) {
    const Instruction &inst = fa.function.instructions[i];
    if (StringRef(inst.opcode).starts_with("fence.proxy.async::generic.acquire"))
      why = "; the " + inst.opcode + " at " + describe(module, inst).ir.str() +
            " orders async-proxy accesses before later generic ones, not "
            "this direction";
  }
  std::string arrive, wait;
  if (hazard.release) {
    arrive =
        describe(module, fa.function.instructions[*hazard.release]).ir.str();
    wait = describe(module, fa.function.instructions[*hazard.acquire]).ir.str();
    finding.path = "warp roles: mbarrier.arrive at " + arrive +
                   ", its wait at " + wait;
    why = "; " + generic.opcode +
          " reaches the mbarrier.arrive at " + arrive +
          " unfenced, and the warp role that waits on that barrier (at " +
          wait +
          ") issues the async op with no fence between: an arrive and its "
          "wait order execution, not the proxies";
    if (const SlotAddress *slot = fa.barrierSlot(*hazard.release))
      if (slot->clusterRank >= 0)
        why += " (in the cluster's CTA of rank " +
               std::to_string(slot->clusterRank) +
               ", whose own barrier the arrive's mapa names)";
  }
  finding.message = llvm::formatv(
      "missing proxy fence ({0}): {1} {2} shared memory that {3} then {4} "
      "through the async proxy, with no fence.proxy.async{5} between "
      "({6}){7}",
      kind, generic.opcode, genericVerb, async.opcode,
      kind == "RAW" ? "reads" : "writes",
      cluster ? ".shared::cluster" : ".shared::cta",
      hazard.release ? "warp roles" : finding.path, why);
  if (hazard.release) {
    finding.fix = llvm::formatv(
        "insert `{0}` before the mbarrier.arrive at {1}, in the threads "
        "that accessed the bytes (or after the wait at {2}, before the async "
        "op)",
        fenceText(hazard.scope), arrive, wait);
    return finding;
  }
  unsigned point = fa.getInsertionPoint(hazard.async, {hazard.generic});
  std::string where =
      point < fa.function.instructions.size()
          ? "before the " + fa.function.instructions[point].opcode + " at " +
                describe(module, fa.function.instructions[point]).ir.str()
          : "at the end of the loop's entering block";
  finding.fix = "insert `" + fenceText(hazard.scope) + "` (every thread, no "
                "predicate) " + where;
  if (!named.empty())
    finding.fix += "; " + named + " then orders nothing and can go";
  return finding;
}

Finding makeMissingWait(const FunctionAnalysis &fa,
                        const CompletionHazard &hazard) {
  const Module &module = fa.module;
  const Instruction &write = fa.function.instructions[hazard.write];
  const Instruction &async = fa.function.instructions[hazard.async];
  Finding finding{FindingKind::MissingCompletionWait};
  finding.primary = describe(module, write);
  finding.secondary = describe(module, async);
  finding.region =
      describeOverlap(module, fa.accesses[hazard.write][hazard.writeAccess],
                      fa.accesses[hazard.async][hazard.asyncAccess]);
  finding.path = describePath(fa, hazard.async, hazard.write);
  finding.asyncWriter = fa.accesses[hazard.write][hazard.writeAccess].isAsync;
  finding.message = llvm::formatv(
      "{0}{1} overwrites shared memory that {2} may still be reading through "
      "the async proxy: {3}, a completion wait does ({4})",
      write.opcode, finding.asyncWriter ? " (an async-proxy write)" : "",
      async.opcode,
      finding.asyncWriter ? "no fence orders two async operations"
                          : "a fence does not order this",
      finding.path);
  if (hazard.release) {
    std::string arrive =
        describe(module, fa.function.instructions[*hazard.release]).ir.str();
    std::string wait =
        describe(module, fa.function.instructions[*hazard.acquire]).ir.str();
    finding.path = "warp roles: mbarrier.arrive at " + arrive +
                   ", its wait at " + wait;
    finding.message = llvm::formatv(
        "{0}{1} overwrites shared memory that {2} may still be reading "
        "through the async proxy: the issuing thread reaches the "
        "mbarrier.arrive at {3} with the read pending, and this warp role "
        "writes after waiting on that barrier (at {4}); the arrive orders the "
        "thread's execution, not the completion of its async reads",
        write.opcode, finding.asyncWriter ? " (an async-proxy write)" : "",
        async.opcode, arrive, wait);
    std::string waitOp =
        hazard.completion == Completion::BulkGroup
            ? "`cp.async.bulk.wait_group.read N` (N no more than the groups "
              "committed after this read)"
        : hazard.completion == Completion::WgmmaGroup
            ? "`wgmma.wait_group.sync.aligned N` (N no more than the groups "
              "committed after this read)"
            : "a wait on the mbarrier of its tcgen05.commit";
    finding.fix = "complete the read with " + waitOp +
                  " before the mbarrier.arrive at " + arrive;
    return finding;
  }
  switch (hazard.completion) {
  case Completion::BulkGroup:
    finding.fix = "insert `cp.async.bulk.wait_group.read 0;` (after the "
                  "store's cp.async.bulk.commit_group) before the write";
    break;
  case Completion::WgmmaGroup:
    finding.fix = "insert `wgmma.wait_group.sync.aligned 0;` before the write";
    break;
  default:
    finding.fix = "wait on the mbarrier of the tcgen05.commit "
                  "(mbarrier.try_wait) before the write";
    break;
  }
  return finding;
}

Finding makeFenceWarning(const FunctionAnalysis &fa, FindingKind kind,
                         unsigned fence) {
  Finding finding{kind};
  finding.primary = describe(fa.module, fa.function.instructions[fence]);
  if (kind == FindingKind::SpuriousFence) {
    finding.message = "spurious proxy fence: it orders no generic access "
                      "against a later async access of the same bytes";
    finding.fix = "remove the fence";
  } else {
    finding.message = llvm::formatv(
        "over-wide proxy fence: {0} (~150 cycles) where the CTA scope "
        "(~10-18 cycles) orders every hazard it covers",
        fa.roles[fence].unscoped ? "fence.proxy.async without a state space "
                                   "orders every state space cluster-wide"
                                 : "cluster scope");
    finding.fix = "use `fence.proxy.async.shared::cta;`";
  }
  return finding;
}

/// Whether an access's bytes are resolved: a shared variable, a traced
/// offset (range) and a known or bounded extent. A hazard between two
/// resolved accesses is proven (an error); one with an unresolved side is
/// an unproven ordering, reported once per cause.
bool isResolved(const Resolved &r) {
  return r.region.symbol >= 0 && r.offsetKnown && r.region.end != INT64_MAX;
}

/// The WAR of the TMEM-address slot (docs/triton-differences.md #4): a
/// plain `ld.shared` of the bytes tcgen05.alloc wrote the TMEM address into,
/// followed in its own block by a CTA barrier, then an async write of those
/// bytes. The PTX rules require a proxy fence for the WAR; but every thread
/// has its value in a register before it reaches the barrier, and the
/// async write comes after every thread's barrier, so nothing can corrupt
/// the value read. A note, not an error.
bool isFormalSlotWAR(const FunctionAnalysis &fa, const Hazard &hazard) {
  if (hazard.kind != HazardKind::WAR)
    return false;
  const Instruction &read = fa.function.instructions[hazard.generic];
  if (!llvm::StringRef(read.opcode).starts_with("ld.shared"))
    return false;
  const Resolved &bytes = fa.accesses[hazard.generic][hazard.genericAccess];
  if (!bytes.exact || !bytes.offsetKnown)
    return false;
  bool inSlot = llvm::any_of(fa.tmemAddressSlots, [&](const SharedRegion &s) {
    return s.sameBase(bytes.region) && s.begin <= bytes.region.begin &&
           bytes.region.end <= s.end;
  });
  if (!inSlot)
    return false;
  unsigned block = fa.cfg.blockOf[hazard.generic];
  const BasicBlock &bb = fa.cfg.blocks[block];
  for (unsigned i = hazard.generic + 1; i < bb.end; ++i) {
    if (i == hazard.async)
      return false; // the async write before the barrier
    // A CTA barrier every thread waits at (the classification's execution
    // barriers, less the arrives).
    if (fa.waitsAtBarrier(i) && fa.roles[i].barrierScope == Scope::CTA)
      return !fa.function.instructions[i].isPredicated();
  }
  return false;
}

/// Whether an access's extent is only bounded from above: a TMA box,
/// bounded by its mbarrier's expect_tx bytes or by the next buffer.
bool isBoundedOnly(const Resolved &r) {
  return r.extent == Extent::ExpectTx || r.extent == Extent::NextBuffer ||
         r.extent == Extent::Descriptor;
}

/// The smallest number of bytes a TMA box covers: its inner dimension times
/// the element size is a multiple of 16 bytes (PTX ISA
/// #tensor-copy-restrictions, boxDim[0] * elementSize).
constexpr int64_t kMinTMABoxBytes = 16;

/// Whether an access's start offset is a range of values that each
/// execution picks one of, which one unknown (a stage index of the loop, a
/// loaded value): not one offset, not a function of the thread alone, not a
/// decoded descriptor's start (its own `sure` bytes say what it reads).
static bool isExecutionRange(const Resolved &r) {
  return r.offsetKnown && !r.singleOffset && !r.threadRange &&
         r.extent != Extent::Descriptor;
}

/// The bytes an access surely touches, for proving an overlap. One start
/// offset, or a range of them over the CTA's threads (each thread at its
/// own): its region, except that a box only bounded from above, or not
/// bounded at all (a TMA box or bulk size not traced), surely covers no
/// more than its first row, the smallest box (PTX ISA
/// #tensor-copy-restrictions; cp.async.bulk's size is a multiple of 16),
/// and an undecoded matrix descriptor nothing known. A range of starts
/// each execution picks one of (isExecutionRange): only the bytes every
/// start in the range covers, from the last start to the first start's
/// end; none when the range is wider than the access.
SharedRegion provenRegion(const Resolved &r) {
  if (r.extent == Extent::Descriptor)
    return r.sure;
  SharedRegion region = r.region;
  if (r.extent == Extent::Unbounded && r.isDescriptor) {
    region.end = region.begin;
    return region;
  }
  bool boxOnly = isBoundedOnly(r) || r.extent == Extent::Unbounded;
  int64_t width = boxOnly ? kMinTMABoxBytes : r.sureWidth;
  if (!isExecutionRange(r)) {
    if (boxOnly && region.end - region.begin > width)
      region.end = region.begin + width;
    return region;
  }
  region.end = std::min(r.region.end, r.region.begin + width);
  region.begin = std::max(r.region.begin, r.lastStart);
  return region;
}

/// Whether two sets of surely touched bytes share one: both nonempty,
/// offsets from one base (the symbol's start, or one run-time aligned
/// anchor of it, whose place is unknown), and intersecting.
static bool surelyOverlap(const SharedRegion &a, const SharedRegion &b) {
  return a.begin < a.end && b.begin < b.end && a.sameBase(b) &&
         a.begin < b.end && b.begin < a.end;
}

/// Whether the bytes of a generic and an async access are proven to
/// overlap as far as the checker can tell: both resolved and the bytes they
/// surely touch overlap (a bound on a TMA box proves nothing beyond its
/// first row, a range of offsets nothing beyond the bytes all its starts
/// cover), or one surely covers its whole (sized) variable and the other
/// is in that variable.
/// The bytes `r` surely touches within `sure` (its provenRegion), as runs:
/// for a range over the threads, those of the threads' windows (the hull
/// may have gaps no thread touches); else all of `sure`.
static std::vector<std::pair<int64_t, int64_t>> sureRuns(const Resolved &r,
                                                        const SharedRegion &sure) {
  std::vector<std::pair<int64_t, int64_t>> runs;
  if (!r.threadRange || r.threadRuns.empty()) {
    runs.push_back({sure.begin, sure.end});
    return runs;
  }
  for (auto [begin, end] : r.threadRuns) {
    begin = std::max(begin, sure.begin);
    end = std::min(end, sure.end);
    if (begin < end)
      runs.push_back({begin, end});
  }
  return runs;
}

/// Bytes `a` and `b` both surely touch (one run of them), if any.
static std::optional<SharedRegion> surelyMeet(const Resolved &a,
                                              const Resolved &b) {
  SharedRegion x = provenRegion(a), y = provenRegion(b);
  if (!surelyOverlap(x, y))
    return std::nullopt;
  std::vector<std::pair<int64_t, int64_t>> p = sureRuns(a, x),
                                           q = sureRuns(b, y);
  for (size_t i = 0, j = 0; i < p.size() && j < q.size();) {
    if (p[i].first < q[j].second && q[j].first < p[i].second) {
      SharedRegion both = x;
      both.begin = std::max(p[i].first, q[j].first);
      both.end = std::min(p[i].second, q[j].second);
      return both;
    }
    if (p[i].second <= q[j].second)
      ++i;
    else
      ++j;
  }
  return std::nullopt;
}

/// Whether an access's surely touched bytes are known: a resolved access,
/// or an async copy whose start is traced but whose box is not bounded at
/// all (the last buffer of its symbol), which surely covers its first row
/// (provenRegion).
static bool hasSureBytes(const Resolved &r) {
  return isResolved(r) ||
         (r.region.symbol >= 0 && r.offsetKnown && r.isAsync &&
          !r.isDescriptor && !r.isMbarrier && r.extent == Extent::Unbounded);
}

/// Access (i, a) as the proofs of a meeting read it: a range over the
/// threads keeps only the bytes of the threads that surely run it
/// (FunctionAnalysis::sureThreadRuns), none if no thread surely does.
static Resolved asProven(const FunctionAnalysis &fa, unsigned i, unsigned a) {
  Resolved r = fa.accesses[i][a];
  if (!r.threadRange)
    return r;
  const std::optional<std::vector<std::pair<int64_t, int64_t>>> &runs =
      fa.sureThreadRuns(i, a);
  if (!runs) {
    r.region.end = r.region.begin; // surely touches nothing known
    r.threadRuns.clear();
    r.threadRange = false;
    return r;
  }
  r.threadRuns = *runs;
  return r;
}

/// Bytes access (i, ai) and (j, aj) both surely touch where one side is
/// an unbounded box (hasSureBytes), the other resolved.
static std::optional<SharedRegion>
unboundedBoxMeeting(const FunctionAnalysis &fa, unsigned i, unsigned ai,
                    unsigned j, unsigned aj) {
  const Resolved &a = fa.accesses[i][ai], &b = fa.accesses[j][aj];
  if ((isResolved(a) && isResolved(b)) || !hasSureBytes(a) ||
      !hasSureBytes(b))
    return std::nullopt;
  return surelyMeet(asProven(fa, i, ai), asProven(fa, j, aj));
}

static std::string unboundedBoxRegion(const FunctionAnalysis &fa,
                                      const SharedRegion &bytes) {
  return bytes.str(fa.module) +
         ", which both surely touch (a TMA box whose extent nothing bounds "
         "still covers its first 16 bytes: PTX ISA #tensor-copy-"
         "restrictions, boxDim[0] * elementSize is a multiple of 16)";
}

bool isProven(const FunctionAnalysis &fa, unsigned i, unsigned ai, unsigned j,
              unsigned aj) {
  Resolved a = asProven(fa, i, ai), b = asProven(fa, j, aj);
  if (hasSureBytes(a) && hasSureBytes(b))
    return surelyMeet(a, b).has_value();
  // The bytes it surely touches (not those it may) span the variable.
  auto covers = [&](const Resolved &r) {
    if (r.region.symbol < 0 || !r.offsetKnown)
      return false;
    SharedRegion sure = provenRegion(r);
    if (sure.symbol != r.region.symbol || sure.begin != 0 || sure.anchor >= 0)
      return false;
    std::vector<std::pair<int64_t, int64_t>> runs = sureRuns(r, sure);
    if (runs.size() != 1 || runs[0].first != 0)
      return false;
    sure.end = runs[0].second;
    std::optional<uint64_t> size =
        fa.module.sharedSymbols[r.region.symbol].size;
    return size && sure.end >= static_cast<int64_t>(*size);
  };
  return a.region.symbol >= 0 && a.region.symbol == b.region.symbol &&
         (covers(a) || covers(b));
}

/// What could not be resolved about an access, in words, and a short code
/// for grouping.
std::pair<std::string, const char *>
describeUnresolved(const FunctionAnalysis &fa, unsigned inst, unsigned a) {
  const Resolved &r = fa.accesses[inst][a];
  bool descriptor = fa.roles[inst].accesses.size() > a &&
                    fa.roles[inst].accesses[a].isDescriptor;
  if (r.region.symbol < 0)
    return {"its address is not traced to a shared variable (it may be any "
            "shared memory)",
            "address"};
  std::string name = "'" + fa.module.sharedSymbols[r.region.symbol].name + "'";
  if (!r.offsetKnown)
    return {descriptor ? "the start address of its matrix descriptor is not "
                         "decoded (it may read any bytes of " +
                             name + ")"
                       : "its offset in " + name +
                             " is not traced (it may be any bytes of it)",
            descriptor ? "descriptor" : "offset"};
  if (r.extent == Extent::Descriptor && !r.boundedByShape)
    return {"its matrix descriptor's start is decoded, but its byte offsets "
            "or layout are not constants (or its shape is unknown), so only "
            "the end of " +
                name + " bounds it",
            "descriptor-extent"};
  if (r.extent == Extent::Descriptor) {
    SharedRegion sure = provenRegion(r);
    std::string slack =
        r.descriptorBaseAlign
            ? "; the swizzle reaches back to the start of its 128-byte line, "
              "and " +
                  name + " is only declared " +
                  std::to_string(r.descriptorBaseAlign) + "-byte aligned"
            : "";
    return {"its extent is only bounded (its matrix descriptor gives the "
            "start; the matrix shape and the descriptor's byte offsets "
            "bound it to " +
                r.region.str(fa.module) + slack + "), and " +
                (sure.begin == sure.end
                     ? std::string("the swizzle may move every byte it "
                                   "surely reads")
                     : "the bytes it surely reads, " + sure.str(fa.module) +
                           ", are not those of the other access"),
            "bounded-extent"};
  }
  if (isBoundedOnly(r)) {
    SharedRegion sure = provenRegion(r);
    // A TMA store (cp.async.bulk... .global.shared::cta) reads shared
    // memory; a load writes it. Its start may be a range of which each
    // execution takes one value (a stage index): then the first rows of
    // all starts may share no byte.
    std::string verb = r.isWrite ? "writes" : "reads";
    return {"its extent is only bounded (a TMA box is not in the PTX; " +
                std::string(r.extent == Extent::ExpectTx
                                ? "the expect_tx bytes of its mbarrier"
                                : "the next buffer of " + name) +
                " bound it to " + r.region.str(fa.module) + "), and " +
                (sure.begin < sure.end
                     ? "the bytes it surely " + verb + ", " +
                           sure.str(fa.module) +
                           ", are not those of the other access"
                     : "its start is a range of which each execution takes "
                       "one value (a stage index), and no byte is surely " +
                           std::string(r.isWrite ? "written" : "read") +
                           " at every start"),
            "bounded-extent"};
  }
  if (isExecutionRange(r) && r.extent == Extent::Known) {
    SharedRegion sure = provenRegion(r);
    return {"its offset is a range, " + r.region.str(fa.module) +
                ", of which each execution takes one value (a loaded value, a "
                "loop's stage index), so it surely touches only the bytes every "
                "start covers" +
                (sure.begin < sure.end
                     ? ", " + sure.str(fa.module) + ", not those of the other access"
                     : std::string(": none")),
            "execution-range"};
  }
  return {"its extent is unknown (a TMA box is not in the PTX, and neither "
          "an expect_tx of its mbarrier nor a later buffer of " +
              name + " bounds it)",
          "extent"};
}

/// Unproven orderings of a module, grouped by cause: the unresolved access
/// (the async op when both sides are), by its kernel source line or, when
/// the PTX has none, its opcode, and what could not be resolved.
struct UnprovenCauses {
  struct Cause {
    Finding finding;
    unsigned pairs = 0;
    std::set<unsigned> lines;
  };
  std::map<std::string, Cause> causes;

  /// Where a cause is: the async op's kernel line, or its opcode when the
  /// PTX has no `.loc`.
  static std::string site(const OpInfo &async) {
    return async.source.isKnown() ? async.source.str() : async.name;
  }

  /// Counts one generic/async pair for the cause `key`, whose unresolved
  /// instruction is `unresolved` (the finding's primary op) and `other`
  /// the other op of the pair. Returns the cause's finding, its common
  /// fields filled in, when the cause is new (the caller writes its
  /// message, path and fix), else null.
  Finding *count(const FunctionAnalysis &fa, const std::string &key,
                 unsigned unresolved, unsigned other, unsigned generic,
                 unsigned genericAccess, unsigned async, unsigned asyncAccess,
                 llvm::StringRef hazard) {
    OpInfo info = describe(fa.module, fa.function.instructions[unresolved]);
    auto [it, inserted] = causes.try_emplace(key);
    Cause &cause = it->second;
    ++cause.pairs;
    cause.lines.insert(info.ir.line);
    if (!inserted)
      return nullptr;
    Finding &finding = cause.finding;
    finding.kind = FindingKind::UnprovenOrdering;
    finding.primary = info;
    finding.secondary = describe(fa.module, fa.function.instructions[other]);
    finding.hazard = hazard.str(); // the first pair's (RAW, WAR, WAW)
    finding.region = describeOverlap(fa.module,
                                     fa.accesses[generic][genericAccess],
                                     fa.accesses[async][asyncAccess]);
    return &finding;
  }

  /// `release`: for a completion ordering across a hand-off, the
  /// mbarrier.arrive that releases the bytes.
  void add(const FunctionAnalysis &fa, bool completion, unsigned generic,
           unsigned genericAccess, unsigned async, unsigned asyncAccess,
           llvm::StringRef hazard,
           std::optional<unsigned> release = std::nullopt,
           Scope scope = Scope::CTA) {
    const Resolved &asyncAccessBytes = fa.accesses[async][asyncAccess];
    // The cause is the async side's unless only its extent is bounded by a
    // decoded descriptor while the generic side is not traced at all.
    bool asyncSide =
        !isResolved(asyncAccessBytes) ||
        (isBoundedOnly(asyncAccessBytes) &&
         !(asyncAccessBytes.extent == Extent::Descriptor &&
           !isResolved(fa.accesses[generic][genericAccess])));
    unsigned inst = asyncSide ? async : generic;
    unsigned access = asyncSide ? asyncAccess : genericAccess;
    unsigned other = asyncSide ? generic : async;
    auto [why, code] = describeUnresolved(fa, inst, access);
    OpInfo asyncInfo = describe(fa.module, fa.function.instructions[async]);
    std::string key = std::string(completion ? "wait|" : "fence|") +
                      (release ? "handoff|" : "") + code +
                      "|" + (asyncSide ? "async|" : "generic|") +
                      site(asyncInfo);
    Finding *found = count(fa, key, inst, other, generic, genericAccess,
                           async, asyncAccess, hazard);
    if (!found)
      return;
    Finding &finding = *found;
    finding.path = release ? std::string("warp roles")
                           : describePath(fa, completion ? async : generic,
                                          completion ? generic : async);
    std::string pair =
        completion ? (release ? "a write of another warp role, after the "
                                "mbarrier.arrive at " +
                                    describe(fa.module,
                                             fa.function.instructions[*release])
                                        .ir.str() +
                                    " hands it bytes " + asyncInfo.name +
                                    " may still be reading,"
                              : "a generic write of bytes " + asyncInfo.name +
                                    " may still be reading")
                   : "a generic access (" + hazard.str() +
                         ") of bytes " + asyncInfo.name + " then accesses";
    finding.message =
        (asyncSide ? fa.function.instructions[inst].opcode
                   : "generic accesses such as " +
                         fa.function.instructions[inst].opcode) +
        ": " + why + ", so whether " + pair +
        " is ordered can be proven neither way";
    finding.fix =
        completion
            ? "if the bytes may overlap, complete the async read "
              "(wait_group.read / wgmma.wait_group / the commit's mbarrier) "
              "before the " +
                  std::string(release ? "mbarrier.arrive that hands them over"
                                      : "write") +
                  "; --strict reports this as an error"
            : "if the bytes may overlap, order them with `" +
                  fenceText(scope) +
                  "` (every thread that accessed them, before the barrier); "
                  "--strict reports this as an error";
  }

  void addCrossRole(const FunctionAnalysis &fa, unsigned generic,
                    unsigned genericAccess, unsigned async,
                    unsigned asyncAccess, llvm::StringRef hazard) {
    OpInfo asyncInfo = describe(fa.module, fa.function.instructions[async]);
    Finding *found =
        count(fa, "roles|" + site(asyncInfo), generic, async, generic,
              genericAccess, async, asyncAccess, hazard);
    if (!found)
      return;
    Finding &finding = *found;
    finding.path = "warp roles";
    finding.message =
        fa.function.instructions[generic].opcode +
        " reaches a synchronization (mbarrier arrive, barrier or exit) "
        "with no proxy fence, and " +
        asyncInfo.name +
        " in code of another warp role may access the same bytes through "
        "the async proxy: the order between roles goes through mbarriers "
        "the checker does not match, so this " +
        hazard.str() + " can be proven neither way";
    finding.fix = "fence the generic accesses with "
                  "`fence.proxy.async.shared::cta;` before the arrive that "
                  "hands the bytes to the other role; --strict reports this "
                  "as an error";
  }

  void emit(std::vector<Finding> &out) {
    for (auto &[key, cause] : causes) {
      Finding finding = cause.finding;
      std::string lines;
      unsigned shown = 0;
      for (unsigned line : cause.lines) {
        if (shown++ == 6) {
          lines += ", ...";
          break;
        }
        lines += (lines.empty() ? "" : ", ") + std::to_string(line);
      }
      finding.message += llvm::formatv(
          " ({0} pair{1}; unresolved instruction{2} at line{2} {3})",
          cause.pairs, cause.pairs == 1 ? "" : "s",
          cause.lines.size() == 1 ? "" : "s", lines);
      out.push_back(std::move(finding));
    }
  }
};

/// The bytes a first-pass proof found both accesses touch, in words.
std::string firstPassRegion(const FunctionAnalysis &fa,
                            const SharedRegion &bytes, unsigned minThreads) {
  std::string text =
      bytes.str(fa.module) +
      ", which both touch the first time the path runs (no loop back "
      "edge taken, every register at its value from before the loop)";
  if (minThreads)
    text += ", evaluated for threads " +
            std::to_string((minThreads - 1) / 128 * 128) +
            " to " + std::to_string(minThreads - 1) +
            " (the CTA's size is only bounded, by .maxntid: in a CTA of at "
            "least " +
            std::to_string(minThreads) + " threads)";
  return text;
}

/// The bytes a hand-off's first-pass proof found, in words.
std::string handOffRegion(const FunctionAnalysis &fa, const SharedRegion &bytes,
                          unsigned lowest, unsigned threads) {
  std::string text =
      bytes.str(fa.module) +
      ", which the generic access touches the first time its path runs (no "
      "loop back edge taken, every register at its value from before the "
      "loop)";
  if (threads)
    text += ", evaluated for threads " + std::to_string(lowest) + " to " +
            std::to_string(threads - 1) +
            " (the CTA's size is only bounded, by .maxntid: in a CTA of at "
            "least " +
            std::to_string(threads) + " threads)";
  return text + ", and the async access at every execution";
}

/// The bytes two accesses of one ring slot touch, in words: each access's
/// bytes with the stage counter at value k, and those both surely touch.
std::optional<std::string> slotRegion(const FunctionAnalysis &fa,
                                      const Resolved &a, const Resolved &b) {
  if (!a.slot || !b.slot || a.slot->counter != b.slot->counter ||
      a.slot->symbol < 0)
    return std::nullopt;
  std::optional<std::pair<int64_t, int64_t>> common =
      commonSureBytes(*a.slot, *b.slot);
  if (!common)
    return std::nullopt;
  const StageCounter &counter = fa.counters[a.slot->counter];
  int64_t stride = a.slot->stride;
  auto at = [&](int64_t offset) {
    return offset == 0 ? llvm::formatv("{0}k", stride).str()
                       : llvm::formatv("{0} + {1}k", offset, stride).str();
  };
  auto bytes = [&](int64_t lo, int64_t hi) {
    return "[" + at(lo) + ", " + at(hi) + ")";
  };
  std::string base =
      "shared symbol '" + fa.module.sharedSymbols[a.slot->symbol].name + "'";
  if (a.slot->anchor >= 0)
    base += " (from a run-time aligned base)";
  return llvm::formatv("{0} bytes {1} and {2}, k the value of stage counter "
                       "{3} ({4} slots) at both; both surely touch {5}",
                       base, bytes(a.slot->lo, a.slot->hi),
                       bytes(b.slot->lo, b.slot->hi), counter.reg,
                       counter.slots, bytes(common->first, common->second))
      .str();
}

/// Whether check reports a completion hazard, proven or not. An async write
/// over an async read of the same thread (or one a barrier publishes) is
/// reported only where the bytes are proven to meet: where either side is
/// only bounded (a TMA box, a swizzled descriptor), the loads and reads of a
/// pipeline's adjacent stages would all be unproven pairs, and the stage
/// ring's own protocol (its mbarriers) is what orders them
/// (docs/ptx-checker.md). Through a hand-off, async writes are followed as
/// generic ones are, unproven included. explain's wait probes count the
/// same hazards.
bool isReportedCompletion(const FunctionAnalysis &fa,
                          const CompletionHazard &hazard) {
  return !fa.accesses[hazard.write][hazard.writeAccess].isAsync ||
         hazard.release ||
         isProven(fa, hazard.write, hazard.writeAccess, hazard.async,
                  hazard.asyncAccess);
}

/// Whether a hazard between warp roles is only an unproven ordering: not
/// matched through a hand-off, or matched on bytes not proven to meet.
bool isUnprovenCrossRole(const FunctionAnalysis &fa, const Hazard &hazard) {
  return hazard.crossRole &&
         !(hazard.release &&
           (hazard.sameSlot ||
            isProven(fa, hazard.generic, hazard.genericAccess, hazard.async,
                     hazard.asyncAccess)));
}

/// The generic accesses (instruction, access) pending unfenced on some path
/// at the fence at `fence`, in the run `probe`.
std::vector<std::pair<unsigned, unsigned>>
pendingAt(const FunctionAnalysis &fa, unsigned fence, const RunOptions &probe) {
  RunOptions observe = probe;
  observe.observe = fence;
  std::vector<std::pair<unsigned, unsigned>> pending;
  (void)fa.findHazards(observe, &pending);
  return pending;
}

/// The mbarrier.init (instruction) pending at `fence` whose barrier an
/// async operation after the fence signals: a TMA's complete_tx or a
/// tcgen05.commit arrive, through the async proxy, among `pending`. With no
/// `fence.mbarrier_init` in the function, the proxy fence is what publishes the initialised barrier to the async
/// proxy (CUDA's TMA examples fence after init for this), so it is never
/// called spurious.
std::optional<unsigned> publishedBarrierInit(
    const FunctionAnalysis &fa, unsigned fence,
    llvm::ArrayRef<std::pair<unsigned, unsigned>> pending) {
  for (const Instruction &inst : fa.function.instructions)
    if (StringRef(inst.opcode).starts_with("fence.mbarrier_init"))
      return std::nullopt;
  // The barriers async operations after the fence signal (the fence stands
  // between the init and a use of the barrier by the async proxy).
  std::vector<SharedRegion> signalled;
  for (unsigned i = 0; i != fa.accesses.size(); ++i) {
    if (!fa.reaches(fence, i))
      continue;
    for (const Resolved &r : fa.accesses[i])
      if (r.isAsync && r.barrier)
        signalled.push_back(*r.barrier);
    if (fa.roles[i].role == Role::Tcgen05Commit)
      for (const Resolved &r : fa.accesses[i])
        if (r.isMbarrier)
          signalled.push_back(r.region);
  }
  if (signalled.empty())
    return std::nullopt;
  for (auto [g, a] : pending) {
    const Resolved &generic = fa.accesses[g][a];
    if (!generic.isMbarrier ||
        !StringRef(fa.function.instructions[g].opcode)
             .starts_with("mbarrier.init"))
      continue;
    for (const SharedRegion &barrier : signalled)
      if (barrier.mayAlias(generic.region))
        return g;
  }
  return std::nullopt;
}

/// Whether a fence may order a generic access against some async access:
/// one of `pending` (the accesses pending at the fence) whose bytes an async access
/// anywhere in the function may touch (later on some path, in another
/// warp role's code, or before the fence in a loop). The single-thread
/// probe of checkFunction misses two cases this covers: async ops of other
/// roles, and a fence on one path of a hazard that another path (which
/// skips it) already has. Only a fence that orders nothing at all for any
/// thread is called spurious.
bool mayOrderOtherThreads(
    const FunctionAnalysis &fa,
    llvm::ArrayRef<std::pair<unsigned, unsigned>> pending) {
  if (pending.empty())
    return false;
  for (unsigned i = 0; i != fa.accesses.size(); ++i) {
    bool async = llvm::any_of(fa.accesses[i],
                              [](const Resolved &r) { return r.isAsync; });
    if (!async)
      continue;
    for (const Resolved &other : fa.accesses[i])
      for (auto [g, a] : pending) {
        const Resolved &generic = fa.accesses[g][a];
        // A live mbarrier is never the data of a bounded async access.
        if (other.isAsync && mayConflict(generic, other) &&
            !(generic.isMbarrier && !other.exact))
          return true;
      }
  }
  return false;
}

/// A function's hazards with every fence in place, and what a run with
/// some fences ignored or narrowed changes: the probe both of check's
/// spurious and over-wide fences and of explain.
struct FenceProbe {
  struct Difference {
    Hazard hazard;
    /// The baseline hazard of the same pair, explained otherwise; none for
    /// a new hazard.
    std::optional<unsigned> baselineIndex;
  };

  explicit FenceProbe(const FunctionAnalysis &fa)
      : fa(fa), baseline(fa.findHazards(RunOptions())) {
    for (unsigned b = 0; b != baseline.size(); ++b)
      byPair.try_emplace({baseline[b].generic, baseline[b].async,
                          stringifyHazardKind(baseline[b].kind)},
                         b);
  }

  /// The hazards of the run that the baseline lacks or has for another
  /// reason (Hazard::why), in the run's order.
  std::vector<Difference> differences(const RunOptions &options) const {
    std::vector<Difference> found;
    for (const Hazard &hazard : fa.findHazards(options)) {
      auto old =
          byPair.find({hazard.generic, hazard.async,
                       stringifyHazardKind(hazard.kind)});
      if (old == byPair.end())
        found.push_back({hazard, std::nullopt});
      else if (baseline[old->second].why != hazard.why)
        found.push_back({hazard, old->second});
    }
    return found;
  }

  const FunctionAnalysis &fa;
  std::vector<Hazard> baseline;
  std::map<std::tuple<unsigned, unsigned, StringRef>, unsigned> byPair;
};

/// The fence that makes the proxy fence at `fence` redundant, if there is
/// one: on every path from it, an unpredicated proxy fence of at least its
/// scope (not one the probes left out as not needed) comes before anything
/// through which the generic accesses it orders could meet the async proxy
/// or another thread: an async access, a synchronization that publishes
/// (barrier, mbarrier arrive, exit), a call, an atomic, a strong store, a
/// memory fence, any other mbarrier operation than a wait, or the end of
/// the function. That fence orders whatever this one does, so removing
/// this one alone is harmless, whichever thread's async op the accesses
/// meet. (CUTLASS's FMHA fences its shared writes, waits on an mbarrier,
/// fences again and arrives: the first fence is redundant.)
std::optional<unsigned> coveringFence(const FunctionAnalysis &fa,
                                      unsigned fence,
                                      const RunOptions &probe) {
  const std::vector<Instruction> &insts = fa.function.instructions;
  Scope scope = fa.roles[fence].fenceScope;
  auto covers = [&](unsigned i) {
    return i != fence && fa.roles[i].role == Role::ProxyFence &&
           !insts[i].isPredicated() && !probe.ignored.count(i) &&
           (fa.roles[i].fenceScope == Scope::Cluster || scope == Scope::CTA);
  };
  auto blocks = [&](unsigned i) {
    if (fa.publishesToOtherRoles(i)) // barriers, arrives, exit and ret
      return true;
    for (const Resolved &r : fa.accesses[i])
      if (r.isAsync)
        return true;
    StringRef opcode = insts[i].opcode;
    if (opcode.starts_with("mbarrier."))
      return !opcode.starts_with("mbarrier.try_wait") &&
             !opcode.starts_with("mbarrier.test_wait");
    if (opcode.starts_with("call") || opcode.starts_with("atom") ||
        opcode.starts_with("red") || opcode.starts_with("membar") ||
        opcode.starts_with("barrier") || opcode.starts_with("bar.") ||
        opcode.starts_with("cp.") || opcode.starts_with("tcgen05") ||
        opcode.starts_with("wgmma") || opcode.starts_with("st.async") ||
        opcode.starts_with("red.async") || opcode.starts_with("multimem"))
      return true;
    if (opcode.starts_with("fence"))
      return fa.roles[i].role != Role::ProxyFence;
    if (opcode.starts_with("st") &&
        (opcode.contains(".release") || opcode.contains(".relaxed") ||
         opcode.contains(".volatile") || opcode.contains(".mmio")))
      return true;
    return false;
  };
  std::optional<unsigned> witness;
  std::vector<bool> entered(fa.cfg.blocks.size());
  std::vector<unsigned> work = {fence + 1};
  while (!work.empty()) {
    unsigned i = work.back();
    work.pop_back();
    unsigned b = fa.cfg.blockOf[i < insts.size() ? i : fence];
    bool stopped = false;
    for (; i < fa.cfg.blocks[b].end; ++i) {
      if (covers(i)) {
        if (!witness || i < *witness)
          witness = i;
        stopped = true;
        break;
      }
      if (i == fence)
        return std::nullopt; // around a loop without a fence: not covered
      if (blocks(i))
        return std::nullopt;
    }
    if (stopped)
      continue;
    if (fa.cfg.blocks[b].successors.empty())
      return std::nullopt; // the end of the function
    for (unsigned next : fa.cfg.blocks[b].successors)
      if (!entered[next]) {
        entered[next] = true;
        work.push_back(fa.cfg.blocks[next].begin);
      }
  }
  return witness;
}

/// The proven findings of one function, one per pair of source locations:
/// the copies an unrolled loop makes of one source pair (the same `.loc`
/// and inlined instance on both sides) are one finding, which says how
/// many instruction pairs it stands for and where. Without debug
/// locations the copies are told by their instructions instead: the same
/// opcode in the same basic block on each side (an unrolled loop's body).
class SourcePairs {
public:
  explicit SourcePairs(const FunctionAnalysis &fa) : fa(fa) {}

  void add(Finding finding, unsigned first, unsigned second) {
    FindingKind kind = finding.kind;
    std::string hazard = finding.hazard;
    add(kind, hazard, first, second, [&] { return std::move(finding); });
  }

  /// `add` of the finding `make` builds, built only for the first pair of
  /// its source pair (explain meets hundreds of thousands of pairs).
  void add(FindingKind kind, llvm::StringRef hazard, unsigned first,
           unsigned second, llvm::function_ref<Finding()> make) {
    auto key = std::make_tuple(static_cast<int>(kind), hazard.str(),
                               where(first), where(second));
    auto [it, fresh] = index.try_emplace(key, groups.size());
    const std::vector<Instruction> &insts = fa.function.instructions;
    if (fresh)
      groups.push_back({make(), {}, {},
                        insts[first].loc.line != 0 &&
                            insts[second].loc.line != 0});
    // One instruction pair counts once, however many of its accesses meet.
    Group &group = groups[it->second];
    std::pair<unsigned, unsigned> lines = {insts[first].position.line,
                                           insts[second].position.line};
    if (group.seen.insert(lines).second)
      group.lines.push_back(lines);
  }

  void flush(std::vector<Finding> &out) {
    for (Group &group : groups) {
      size_t n = group.lines.size();
      if (n > 1) {
        std::string list;
        for (size_t k = 0; k != n && k != 6; ++k)
          list += (k ? ", " : "") + std::to_string(group.lines[k].first) +
                  "/" + std::to_string(group.lines[k].second);
        if (n > 6)
          list += ", ...";
        group.finding.message +=
            " (" + std::to_string(n) + " pairs; " +
            (group.byLocation ? "the same source lines"
                              : "the same instructions in the same blocks") +
            " at PTX lines " + list + ")";
        group.finding.pairs = static_cast<unsigned>(n);
        group.finding.pairLines = list;
        group.finding.pairsByLocation = group.byLocation;
      }
      out.push_back(std::move(group.finding));
    }
    groups.clear();
    index.clear();
  }

  /// Whether a finding of `kind` and `hazard` was added for the source
  /// pair of instructions `first` and `second`.
  bool has(FindingKind kind, llvm::StringRef hazard, unsigned first,
           unsigned second) const {
    return index.count(std::make_tuple(static_cast<int>(kind), hazard.str(),
                                       where(first), where(second)));
  }

private:
  struct Group {
    Finding finding;
    std::vector<std::pair<unsigned, unsigned>> lines;
    std::set<std::pair<unsigned, unsigned>> seen;
    bool byLocation = true;
  };
  /// A source location (file, line, column, inlined instance), or with no
  /// `.loc` (file ~0) the instruction's block and opcode.
  using Where = std::tuple<unsigned, unsigned, unsigned, unsigned, std::string>;
  Where where(unsigned i) const {
    const Instruction &inst = fa.function.instructions[i];
    const DebugLoc &loc = inst.loc;
    return loc.line == 0
               ? std::make_tuple(~0u, fa.cfg.blockOf[i], 0u, 0u, inst.opcode)
               : std::make_tuple(loc.file, loc.line, loc.column,
                                 loc.inlinedScope, std::string());
  }
  const FunctionAnalysis &fa;
  std::map<std::tuple<int, std::string, Where, Where>, size_t> index;
  std::vector<Group> groups;
};

/// Generic accesses that together surely cover a window of an async access
/// (docs/ptx-checker.md, Chains): of `candidates` (hazards not proven pair
/// by pair), those of one async access whose generic accesses lie in one
/// basic block, none predicated, with no proxy fence between them. On a
/// path on which the last of them reaches the async access unordered (its
/// hazard), the others ran before it, in the same threads, and are
/// unordered too. If the bytes they surely touch, together, include a
/// window in which the async access surely touches some byte (a swizzled
/// matrix's line, Resolved::touches, or the bytes it surely touches), one
/// of them meets it: a proven missing fence, reported for the access that
/// touches the window, naming the window and the chain. Returns the
/// hazards of such chains: the fence before the async access orders them
/// all.
static std::set<const Hazard *>
proveByChains(const FunctionAnalysis &fa,
              llvm::ArrayRef<const Hazard *> candidates,
              const std::vector<std::vector<unsigned>> &unordering,
              const std::vector<Hazard> &baseline, SourcePairs &proven) {
  std::set<const Hazard *> covered;
  std::map<std::pair<unsigned, unsigned>, std::vector<const Hazard *>> byAsync;
  for (const Hazard *h : candidates)
    if (!fa.function.instructions[h->generic].isPredicated())
      byAsync[{h->async, h->asyncAccess}].push_back(h);
  auto chainable = [&](const Hazard *prev, const Hazard *next) {
    if (fa.cfg.blockOf[prev->generic] != fa.cfg.blockOf[next->generic])
      return false;
    for (unsigned k = prev->generic; k != next->generic; ++k)
      if (fa.roles[k].role == Role::ProxyFence)
        return false;
    return true;
  };
  for (auto &[key, hazards] : byAsync) {
    const Resolved &async = fa.accesses[key.first][key.second];
    if (async.region.symbol < 0 || !async.offsetKnown)
      continue;
    std::vector<SharedRegion> windows = async.touches;
    SharedRegion sure = provenRegion(async);
    if (!async.threadRange && sure.begin < sure.end)
      windows.push_back(sure);
    llvm::sort(hazards, [](const Hazard *a, const Hazard *b) {
      return std::make_pair(a->generic, a->genericAccess) <
             std::make_pair(b->generic, b->genericAccess);
    });
    auto report = [&](size_t begin, size_t end, const Hazard &h,
                      const SharedRegion &w, bool firstPass,
                      unsigned minThreads = 0,
                      const std::string &pinned = std::string()) {
      Finding finding =
          makeMissingFence(fa, h, unordering[&h - baseline.data()]);
      std::string lines;
      for (size_t k = begin; k != end; ++k) {
        if (k - begin == 8) {
          lines += ", ...";
          break;
        }
        lines += (k != begin ? ", " : "") +
                 std::to_string(
                     fa.function.instructions[hazards[k]->generic].position.line);
      }
      finding.region =
          w.str(fa.module) + ": " + fa.function.instructions[h.async].opcode +
          " surely touches some byte of it, and the generic accesses at PTX "
          "lines " +
          lines +
          ", which run in that order in one block with no fence between "
          "them, surely touch all of its bytes together" +
          (firstPass ? " the first time the path runs (no loop back edge "
                       "taken, every register at its value from before the "
                       "loop)"
                     : "") +
          (!pinned.empty()
               ? ", with " + pinned +
                     " as every first-pass way to the async access requires "
                     "(each register defined once), in every warpgroup not "
                     "surely kept off the way (a wgmma runs in a whole "
                     "warpgroup; the first is threads " +
                     std::to_string(minThreads - 128) + " to " +
                     std::to_string(minThreads - 1) + ")"
           : minThreads ? ", evaluated for the warpgroup of threads " +
                              std::to_string(minThreads - 128) + " to " +
                              std::to_string(minThreads - 1) +
                              " that runs both (a wgmma runs in a whole "
                              "warpgroup: in a CTA of at least " +
                              std::to_string(minThreads) + " threads)"
                        : std::string());
      proven.add(std::move(finding), h.async, h.generic);
      for (size_t k = begin; k != end; ++k)
        covered.insert(hazards[k]);
    };
    auto proveChain = [&](size_t begin, size_t end) {
      // The bytes the chain surely touches, merged, and each member's.
      std::vector<std::pair<int64_t, int64_t>> all;
      std::vector<std::vector<std::pair<int64_t, int64_t>>> each;
      for (size_t k = begin; k != end; ++k) {
        const Resolved &g =
            fa.accesses[hazards[k]->generic][hazards[k]->genericAccess];
        SharedRegion gs = provenRegion(g);
        each.emplace_back();
        if (!g.offsetKnown || !gs.sameBase(async.region) || gs.begin >= gs.end)
          continue;
        each.back() = sureRuns(g, gs);
        all.insert(all.end(), each.back().begin(), each.back().end());
      }
      std::vector<std::pair<int64_t, int64_t>> merged = mergeRuns(std::move(all));
      for (const SharedRegion &w : windows) {
        if (!w.sameBase(async.region) || w.begin >= w.end ||
            !llvm::any_of(merged, [&](const std::pair<int64_t, int64_t> &r) {
              return r.first <= w.begin && w.end <= r.second;
            }))
          continue;
        // The first member that touches the window stands for the chain.
        std::optional<size_t> witness;
        for (size_t k = begin; k != end && !witness; ++k)
          for (auto [b, e] : each[k - begin])
            if (b < w.end && w.begin < e) {
              witness = k;
              break;
            }
        if (!witness)
          continue;
        report(begin, end, *hazards[*witness], w, /*firstPass=*/false);
        return;
      }
      // The same on the first pass, where a stage register holds its value
      // from before the loop.
      std::vector<std::pair<unsigned, unsigned>> chain;
      for (size_t k = begin; k != end; ++k)
        chain.push_back({hazards[k]->generic, hazards[k]->genericAccess});
      const Hazard &lastHazard = *hazards[end - 1];
      if (std::optional<FunctionAnalysis::ChainWitness> w =
              fa.chainMeetsOnFirstPass(
                  chain, key.first, key.second,
                  /*acrossFences=*/lastHazard.why != Unordered::NoFence))
        report(begin, end, lastHazard, w->bytes, /*firstPass=*/true,
               w->minThreads, w->pinned);
    };
    size_t begin = 0;
    for (size_t k = 1; k <= hazards.size(); ++k)
      if (k == hazards.size() || !chainable(hazards[k - 1], hazards[k])) {
        if (k - begin > 1)
          proveChain(begin, k);
        begin = k;
      }
  }
  return covered;
}

void checkFunction(const FunctionAnalysis &fa, std::vector<Finding> &out,
                   UnprovenCauses &unproven) {
  SourcePairs proven(fa);
  FenceProbe fences(fa);
  const std::vector<Hazard> &baseline = fences.baseline;
  // Per baseline hazard, the fences on its way that do not order it.
  std::vector<std::vector<unsigned>> unordering(baseline.size());
  std::vector<Finding> warnings;
  RunOptions probe;
  // The engine's greedy verdicts (include/proxyfence/Engine/
  // FenceVerdicts.h) over the function's fences, in program order; the
  // removed fences are `probe.ignored`.
  std::vector<engine::FenceSite> sites;
  for (unsigned i = 0; i != fa.roles.size(); ++i)
    if (fa.roles[i].role == Role::ProxyFence)
      sites.push_back({i, fa.roles[i].fenceScope});
  // Whether the run adds a hazard, or explains a baseline one otherwise
  // (the fence is then on its way without ordering it: too narrow, or
  // after the cluster arrive). `culprit` records the latter for fence `i`,
  // up to the first new hazard.
  auto matters = [&](const RunOptions &options, unsigned i, bool culprit) {
    bool result = false;
    for (const FenceProbe::Difference &difference :
         fences.differences(options)) {
      if (!difference.baselineIndex)
        return true; // a new hazard
      unsigned b = *difference.baselineIndex;
      result = true;
      if (culprit && !llvm::is_contained(unordering[b], i))
        unordering[b].push_back(i);
    }
    return result;
  };
  // The fence a redundant one defers to.
  std::map<unsigned, unsigned> coveredBy;
  engine::FenceQuestions questions;
  auto removalMatters = [&](unsigned i) {
    RunOptions without = probe;
    without.ignored.insert(i);
    return matters(without, i, /*culprit=*/true);
  };
  auto narrowingMatters = [&](unsigned i) {
    RunOptions narrow = probe;
    narrow.narrowed.insert(i);
    return matters(narrow, i, /*culprit=*/false);
  };
  // Spurious only if no other thread's async op may need it either, or a
  // later fence orders all it orders; never when it publishes an
  // initialised mbarrier to the async proxy.
  auto unneeded = [&](unsigned i) {
    std::vector<std::pair<unsigned, unsigned>> pending =
        pendingAt(fa, i, probe);
    if (!publishedBarrierInit(fa, i, pending) &&
        !mayOrderOtherThreads(fa, pending))
      return engine::FenceVerdict::Spurious;
    if (std::optional<unsigned> later = coveringFence(fa, i, probe)) {
      coveredBy[i] = *later;
      return engine::FenceVerdict::Redundant;
    }
    return engine::FenceVerdict::Kept;
  };
  auto remove = [&](unsigned i) { probe.ignored.insert(i); };
  questions.removalMatters = removalMatters;
  questions.narrowingMatters = narrowingMatters;
  questions.unneeded = unneeded;
  questions.remove = remove;
  std::vector<engine::FenceVerdict> verdicts =
      engine::greedyFenceVerdicts(sites, questions);
  for (auto [site, verdict] : llvm::zip(sites, verdicts)) {
    unsigned i = site.fence;
    if (verdict == engine::FenceVerdict::Spurious) {
      warnings.push_back(makeFenceWarning(fa, FindingKind::SpuriousFence, i));
    } else if (verdict == engine::FenceVerdict::Redundant) {
      Finding finding = makeFenceWarning(fa, FindingKind::SpuriousFence, i);
      finding.message = llvm::formatv(
          "redundant proxy fence: every path from it reaches the fence at "
          "line {0} before an async access or a synchronization another "
          "thread could see the generic accesses through, and that fence "
          "orders all they need",
          fa.function.instructions[coveredBy.at(i)].position.line);
      warnings.push_back(std::move(finding));
    } else if (verdict == engine::FenceVerdict::Overwide) {
      warnings.push_back(makeFenceWarning(fa, FindingKind::OverwideFence, i));
    }
  }
  // Cross-role hazards through a matched hand-off whose bytes are not
  // proven for this instruction pair: unproven unless the same source pair
  // is proven through another (an unrolled copy), whose fix covers them.
  std::vector<unsigned> handOffsUnproven;
  std::vector<const Hazard *> bytesUnproven;
  for (unsigned b = 0; b != baseline.size(); ++b) {
    const Hazard &hazard = baseline[b];
    if (isUnprovenCrossRole(fa, hazard)) {
      if (hazard.release)
        handOffsUnproven.push_back(b);
      else
        unproven.addCrossRole(fa, hazard.generic, hazard.genericAccess,
                              hazard.async, hazard.asyncAccess,
                              stringifyHazardKind(hazard.kind));
      continue;
    }
    std::optional<SharedRegion> firstPass, box;
    unsigned minThreads = 0;
    // An unbounded box's first row proves the meeting only where the first
    // pass, which names better bytes, does not.
    box = unboundedBoxMeeting(fa, hazard.generic, hazard.genericAccess,
                              hazard.async, hazard.asyncAccess);
    if (hazard.sameSlot ||
        (!box && isProven(fa, hazard.generic, hazard.genericAccess,
                          hazard.async, hazard.asyncAccess)) ||
        (firstPass = fa.provenOnFirstPass(
             hazard.generic, hazard.genericAccess, hazard.async,
             hazard.asyncAccess,
             // A fence that does not order it (a CTA fence for another
             // CTA's access, a cluster fence after the arrive) may lie on
             // the way.
             /*acrossFences=*/hazard.why != Unordered::NoFence,
             &minThreads)) ||
        box) {
      Finding finding = makeMissingFence(fa, hazard, unordering[b]);
      if (firstPass)
        finding.region = firstPassRegion(fa, *firstPass, minThreads);
      else if (box && !hazard.sameSlot)
        finding.region = unboundedBoxRegion(fa, *box);
      else if (hazard.firstPass.bytes)
        finding.region =
            handOffRegion(fa, *hazard.firstPass.bytes, hazard.firstPass.lowest,
                          hazard.firstPass.threads);
      else if (hazard.sameSlot && !hazard.release)
        if (std::optional<std::string> slot = slotRegion(
                fa, fa.accesses[hazard.generic][hazard.genericAccess],
                fa.accesses[hazard.async][hazard.asyncAccess]))
          finding.region = *slot;
      if (isFormalSlotWAR(fa, hazard)) {
        finding.kind = FindingKind::FormalHazard;
        size_t rest = finding.message.find("): ");
        finding.message =
            "formal hazard (WAR): " +
            (rest == std::string::npos ? finding.message
                                       : finding.message.substr(rest + 3)) +
            "; the bytes hold the TMEM address tcgen05.alloc wrote, and the "
            "barrier after the read orders the value before any thread's "
            "async write, so it cannot corrupt (PTX ISA #async-proxy "
            "still asks for the fence)";
        finding.fix = "optional (a few cycles, once): " + finding.fix;
      }
      proven.add(std::move(finding), hazard.async, hazard.generic);
    }
    else
      bytesUnproven.push_back(&hazard);
  }
  // Generic accesses that together surely cover a window of an async
  // access (provenByChain): one is proven to meet it, and the fence the
  // error asks for orders them all.
  std::set<const Hazard *> chained = proveByChains(fa, bytesUnproven, unordering,
                                                   baseline, proven);
  // Pairs of a source pair reported as an error are covered by it (its
  // fence, and fix's, orders them too).
  for (const Hazard *hazard : bytesUnproven)
    if (!chained.count(hazard) &&
        !proven.has(FindingKind::MissingFence,
                    stringifyHazardKind(hazard->kind), hazard->async,
                    hazard->generic))
      unproven.add(fa, /*completion=*/false, hazard->generic,
                   hazard->genericAccess, hazard->async, hazard->asyncAccess,
                   stringifyHazardKind(hazard->kind), std::nullopt,
                   hazard->scope);
  // A hand-off whose bytes the first execution of the generic access
  // proves (handOffMeetsOnFirstPass): proven.
  std::vector<const Hazard *> handOffsLeft;
  for (unsigned b : handOffsUnproven) {
    const Hazard &hazard = baseline[b];
    unsigned lowest = 0, threads = 0;
    if (std::optional<SharedRegion> bytes = fa.handOffMeetsOnFirstPass(
            hazard.generic, hazard.genericAccess, hazard.async,
            hazard.asyncAccess, &lowest, &threads)) {
      Finding finding = makeMissingFence(fa, hazard, unordering[b]);
      finding.region = handOffRegion(fa, *bytes, lowest, threads);
      proven.add(std::move(finding), hazard.async, hazard.generic);
    } else {
      handOffsLeft.push_back(&hazard);
    }
  }
  for (const Hazard *hazard : handOffsLeft)
    if (!proven.has(FindingKind::MissingFence,
                    stringifyHazardKind(hazard->kind), hazard->async,
                    hazard->generic))
      unproven.addCrossRole(fa, hazard->generic, hazard->genericAccess,
                            hazard->async, hazard->asyncAccess,
                            stringifyHazardKind(hazard->kind));
  for (const CompletionHazard &hazard : fa.findCompletionHazards()) {
    std::optional<SharedRegion> firstPass, box;
    unsigned minThreads = 0;
    box = unboundedBoxMeeting(fa, hazard.write, hazard.writeAccess,
                              hazard.async, hazard.asyncAccess);
    if (hazard.sameSlot ||
        (!box && isProven(fa, hazard.write, hazard.writeAccess, hazard.async,
                          hazard.asyncAccess)) ||
        (!hazard.release &&
         (firstPass = fa.provenOnFirstPass(hazard.async, hazard.asyncAccess,
                                           hazard.write, hazard.writeAccess,
                                           /*acrossFences=*/true,
                                           &minThreads))) ||
        box) {
      Finding finding = makeMissingWait(fa, hazard);
      if (firstPass)
        finding.region = firstPassRegion(fa, *firstPass, minThreads);
      else if (box && !hazard.sameSlot)
        finding.region = unboundedBoxRegion(fa, *box);
      else if (hazard.sameSlot && !hazard.release)
        if (std::optional<std::string> slot = slotRegion(
                fa, fa.accesses[hazard.write][hazard.writeAccess],
                fa.accesses[hazard.async][hazard.asyncAccess]))
          finding.region = *slot;
      proven.add(std::move(finding), hazard.write, hazard.async);
    } else if (isReportedCompletion(fa, hazard))
      unproven.add(fa, /*completion=*/true, hazard.write, hazard.writeAccess,
                   hazard.async, hazard.asyncAccess, "", hazard.release);
  }
  proven.flush(out);
  out.insert(out.end(), warnings.begin(), warnings.end());
}

/// The fences of one function, probed as checkFunction probes them: a
/// fence whose removal adds no hazard (nor explains a baseline one
/// otherwise) and that orders nothing for another thread is not needed,
/// and is left out of the probes of the fences after it.
void explainFunction(const FunctionAnalysis &fa,
                     std::vector<FenceExplanation> &out) {
  FenceProbe fences(fa);
  auto describeHazard = [&](const Hazard &hazard) {
    Finding finding = makeMissingFence(fa, hazard, {});
    if (isUnprovenCrossRole(fa, hazard)) {
      finding.kind = FindingKind::UnprovenOrdering;
      finding.path = "warp roles";
    }
    return finding;
  };
  RunOptions probe;
  // The engine's greedy verdicts, as check gives them, with what each
  // fence protects and why it is kept.
  std::vector<engine::FenceSite> sites;
  for (unsigned i = 0; i != fa.roles.size(); ++i)
    if (fa.roles[i].role == Role::ProxyFence)
      sites.push_back({i, fa.roles[i].fenceScope});
  std::map<unsigned, FenceExplanation> explained;
  std::map<unsigned, std::optional<unsigned>> inits;
  std::map<unsigned, unsigned> coveredBy;
  auto removalMatters = [&](unsigned i) {
    FenceExplanation &explanation = explained[i];
    explanation.fence = describe(fa.module, fa.function.instructions[i]);
    RunOptions without = probe;
    without.ignored.insert(i);
    // One entry per source pair, as `check` reports them.
    SourcePairs pairs(fa);
    for (const FenceProbe::Difference &difference :
         fences.differences(without)) {
      const Hazard &hazard = difference.hazard;
      pairs.add(isUnprovenCrossRole(fa, hazard) ? FindingKind::UnprovenOrdering
                                                : FindingKind::MissingFence,
                stringifyHazardKind(hazard.kind), hazard.async, hazard.generic,
                [&] { return describeHazard(hazard); });
    }
    pairs.flush(explanation.protects);
    return !explanation.protects.empty();
  };
  auto narrowingMatters = [&](unsigned i) {
    RunOptions narrow = probe;
    narrow.narrowed.insert(i);
    return !fences.differences(narrow).empty();
  };
  auto unneeded = [&](unsigned i) {
    std::vector<std::pair<unsigned, unsigned>> pending =
        pendingAt(fa, i, probe);
    std::optional<unsigned> init = publishedBarrierInit(fa, i, pending);
    if (!init && !mayOrderOtherThreads(fa, pending))
      return engine::FenceVerdict::Spurious;
    if (std::optional<unsigned> later = coveringFence(fa, i, probe)) {
      coveredBy[i] = *later;
      return engine::FenceVerdict::Redundant;
    }
    inits[i] = init;
    return engine::FenceVerdict::Kept;
  };
  auto remove = [&](unsigned i) { probe.ignored.insert(i); };
  engine::FenceQuestions questions;
  questions.removalMatters = removalMatters;
  questions.narrowingMatters = narrowingMatters;
  questions.unneeded = unneeded;
  questions.remove = remove;
  std::vector<engine::FenceVerdict> verdicts =
      engine::greedyFenceVerdicts(sites, questions);
  for (auto [site, verdict] : llvm::zip(sites, verdicts)) {
    unsigned i = site.fence;
    FenceExplanation explanation = std::move(explained[i]);
    explanation.needed = verdict == engine::FenceVerdict::Needed ||
                         verdict == engine::FenceVerdict::Overwide ||
                         verdict == engine::FenceVerdict::Kept;
    explanation.overwide = verdict == engine::FenceVerdict::Overwide;
    if (verdict == engine::FenceVerdict::Redundant)
      explanation.summary = llvm::formatv(
          "not needed: every path from it reaches the fence at line {0} "
          "before an async access or a synchronization that publishes, and "
          "that fence orders all it does (removing it alone is harmless)",
          fa.function.instructions[coveredBy.at(i)].position.line);
    else if (verdict == engine::FenceVerdict::Spurious)
      explanation.summary = "not needed: no generic access pending at it may "
                            "touch the bytes of an async access, in any "
                            "thread (removing it is harmless)";
    else if (verdict == engine::FenceVerdict::Kept && inits.at(i))
      explanation.summary = llvm::formatv(
          "needed: it publishes the mbarrier.init at {0} to the async proxy, "
          "which signals that barrier (a TMA's complete_tx, a "
          "tcgen05.commit); the function has no fence.mbarrier_init",
          describe(fa.module, fa.function.instructions[*inits.at(i)]).ir.str());
    else if (verdict == engine::FenceVerdict::Kept)
      explanation.summary =
          "needed: generic accesses pending at it may touch the bytes of an "
          "async access (removing it alone adds no hazard of this thread: "
          "another fence on the way orders them, or the async access is "
          "another thread's or warp role's)";
    else
      explanation.summary = summarizeNeededFence(explanation);
    out.push_back(std::move(explanation));
  }
}

/// The completion waits of one function: each probed as `wait_group N+1`
/// (docs/ptx-checker.md, Explaining waits).
void explainWaits(const FunctionAnalysis &fa,
                  std::vector<WaitExplanation> &out) {
  std::set<std::pair<unsigned, unsigned>> basePairs;
  // The async reads the completion dataflow does not track.
  std::vector<std::pair<unsigned, unsigned>> untrackedReads;
  bool computed = false;
  for (unsigned i = 0; i != fa.roles.size(); ++i) {
    Role role = fa.roles[i].role;
    if (role != Role::BulkWait && role != Role::WgmmaWait)
      continue;
    if (!computed) {
      for (const CompletionHazard &h : fa.findCompletionHazards())
        basePairs.insert({h.write, h.async});
      for (unsigned j = 0; j != fa.accesses.size(); ++j)
        for (unsigned a = 0; a != fa.accesses[j].size(); ++a)
          if (fa.isUntrackedRead(j, a))
            untrackedReads.push_back({j, a});
      computed = true;
    }
    WaitExplanation explanation;
    explanation.wait = describe(fa.module, fa.function.instructions[i]);
    RunOptions probe;
    probe.weakened.insert(i);
    FunctionAnalysis::CompletionTrace trace;
    SourcePairs pairs(fa);
    for (const CompletionHazard &h : fa.findCompletionHazards(probe, &trace)) {
      if (basePairs.count({h.write, h.async}) || !isReportedCompletion(fa, h))
        continue;
      FindingKind kind = isProven(fa, h.write, h.writeAccess, h.async,
                                  h.asyncAccess)
                             ? FindingKind::MissingCompletionWait
                             : FindingKind::UnprovenOrdering;
      pairs.add(kind, "WAR", h.write, h.async, [&] {
        Finding finding = makeMissingWait(fa, h);
        finding.hazard = "WAR"; // a write after an async read
        finding.kind = kind;
        return finding;
      });
    }
    pairs.flush(explanation.protects);
    std::string weaker = "as `wait_group " +
                         std::to_string(fa.roles[i].waitCount + 1) + "` it";
    if (!explanation.protects.empty()) {
      size_t n = 0; // instruction pairs, over the source pairs
      for (const Finding &finding : explanation.protects)
        n += finding.pairs;
      explanation.summary = "needed: " + weaker + " would leave " +
                            std::to_string(n) + " write" +
                            (n == 1 ? "" : "s") +
                            " racing reads it completes";
      out.push_back(std::move(explanation));
      continue;
    }
    // A read the wait may complete that the dataflow does not track (an
    // undecoded matrix descriptor): what one group more leaves pending is
    // not known.
    Completion kind =
        role == Role::BulkWait ? Completion::BulkGroup : Completion::WgmmaGroup;
    std::optional<std::pair<unsigned, unsigned>> untracked;
    for (auto [j, a] : untrackedReads)
      if (fa.accesses[j][a].completion == kind && fa.reaches(j, i)) {
        untracked = std::make_pair(j, a);
        break;
      }
    if (untracked) {
      explanation.verdict = WaitExplanation::Verdict::Unknown;
      const Instruction &read = fa.function.instructions[untracked->first];
      explanation.summary =
          "unknown: it completes reads the checker does not track, such as "
          "the " +
          read.opcode + " at " + describe(fa.module, read).ir.str() +
          ", whose matrix descriptor's start is not decoded, so what it "
          "would leave pending as `wait_group " +
          std::to_string(fa.roles[i].waitCount + 1) + "` is not known";
      out.push_back(std::move(explanation));
      continue;
    }
    // A read the weaker wait leaves pending, pending at an arrive whose
    // waiting side is not followed.
    std::optional<PendingAtArrive> blind;
    for (const PendingAtArrive &at : trace.arrives)
      if (!isFollowed(at.handOff) && trace.lengthened.count(at.read)) {
        blind = at;
        break;
      }
    if (!blind) {
      explanation.verdict = WaitExplanation::Verdict::Slack;
      explanation.summary =
          "slack: " + weaker +
          " would order every write the checker follows (this thread's, "
          "other threads' after a barrier, and those of warp roles waiting "
          "on an mbarrier it arrives on); not advice to weaken it";
      out.push_back(std::move(explanation));
      continue;
    }
    explanation.verdict = WaitExplanation::Verdict::Unknown;
    const Instruction &arrive = fa.function.instructions[blind->arrive];
    std::string why;
    switch (blind->handOff) {
    case HandOff::NamedBarrier:
      why = "the threads that wait at that barrier are not matched to it";
      break;
    case HandOff::NoWait:
      why = "no wait of this function may wait on that barrier (another "
            "CTA's or kernel's role may)";
      break;
    case HandOff::Beyond:
      why = "the role that waits on its barrier writes bytes the read may "
            "cover only after another synchronization, which the checker "
            "takes to order them without proving it";
      break;
    case HandOff::Unmatched:
    case HandOff::Matched: // (followed: not blind)
    case HandOff::NoOverlap:
      why = "a role that may wait on its barrier writes bytes the read may "
            "cover, and the barrier's address is not one traced offset (a "
            "ring of barriers indexed by a stage), so which of those writes "
            "follows this arrive is not matched";
      break;
    }
    explanation.summary =
        "unknown: " + weaker + " would leave the read of " +
        fa.function.instructions[blind->read].opcode + " at " +
        describe(fa.module, fa.function.instructions[blind->read]).ir.str() +
        " pending at the " + arrive.opcode + " at " +
        describe(fa.module, arrive).ir.str() + ": " + why;
    out.push_back(std::move(explanation));
  }
}

} // namespace proxyfence::ptx::detail

std::vector<FenceExplanation>
proxyfence::ptx::explainPTX(const Module &module,
                            std::vector<WaitExplanation> *waits) {
  std::vector<FenceExplanation> explanations;
  for (const Function &function : module.functions) {
    detail::FunctionAnalysis analysis(module, function);
    detail::explainFunction(analysis, explanations);
    if (waits)
      detail::explainWaits(analysis, *waits);
  }
  return explanations;
}

std::vector<Finding> proxyfence::ptx::checkPTX(const Module &module) {
  std::vector<Finding> findings;
  UnprovenCauses unproven;
  for (const Function &function : module.functions) {
    FunctionAnalysis analysis(module, function);
    checkFunction(analysis, findings, unproven);
    addTensormapFindings(analysis, findings);
  }
  unproven.emit(findings);
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding &a, const Finding &b) {
                     return std::make_pair(a.primary.ir.line,
                                           a.primary.ir.column) <
                            std::make_pair(b.primary.ir.line,
                                           b.primary.ir.column);
                   });
  return findings;
}
