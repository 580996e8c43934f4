//===- Tensormaps.cpp - the tensormap proxy: writes of a map, then its TMA --===//
//
// A TMA instruction reads its tensor map (the `[map, {coords}]` operand,
// 128 bytes in global, const or param space) through the tensormap proxy
// (PTX ISA #tensormap-proxy, #cp-async-bulk-tensor). A map that the kernel
// rewrites with generic stores (a field set by `st.global`, `tensormap.replace`
// on a global map, or the copy `tensormap.cp_fenceproxy`, which releases)
// is seen by a later TMA only after fence.proxy.tensormap::generic.release
// and then fence.proxy.tensormap::generic.acquire [map], 128
// (#parallel-synchronization-and-communication-instructions-membar).
//
// The rule here is the one that can be proven without matching paths: a
// function that rewrites a map and then (on some CFG path) reads it with a
// TMA, and that contains no tensormap acquire fence at all, misses the
// fence; the map is one address, the same register (through mov, cvta and
// a constant add) as the TMA's operand. Where the function acquires
// somewhere, which acquire is on which path and for which map is not
// followed (CUTLASS's grouped GEMMs update and acquire under correlated
// `did_batch_change` branches): nothing is reported. Not modelled either: a
// map rewritten while a TMA that reads it may still be in flight.
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"

#include "llvm/Support/FormatVariadic.h"

#include <set>

using namespace proxyfence;
using namespace proxyfence::ptx;
using namespace proxyfence::ptx::detail;
using llvm::StringRef;

namespace proxyfence::ptx::detail {

namespace {

/// A global address: a root register (or symbol) plus a constant.
struct MapAddress {
  std::string root;
  int64_t displacement = 0;
};

/// The root of `operand` (a register or `[reg+imm]`): through the one
/// definition of each register while it is a mov, cvta or an add of an
/// immediate.
std::optional<MapAddress> rootOf(const FunctionAnalysis &fa,
                                 StringRef operand) {
  operand = operand.trim();
  if (operand.consume_front("[")) {
    operand = operand.split(']').first.split(',').first.trim();
  }
  MapAddress address;
  StringRef base;
  address.displacement = parseDisplacement(operand, base);
  std::string reg = base.trim().str();
  for (unsigned depth = 0; depth != 8 && StringRef(reg).starts_with("%");
       ++depth) {
    int def = fa.provenance.getDefinition(reg);
    if (def < 0)
      break;
    const Instruction &inst = fa.function.instructions[def];
    StringRef root = StringRef(inst.opcode).split('.').first;
    if (inst.isPredicated() || inst.operands.size() < 2)
      break;
    if ((root == "mov" || root == "cvta") && inst.operands.size() == 2) {
      reg = StringRef(inst.operands[1]).trim().str();
      continue;
    }
    if (root == "add" && inst.operands.size() == 3) {
      std::optional<int64_t> k = immediateOperand(inst.operands[2]);
      if (!k)
        break;
      address.displacement += *k;
      reg = StringRef(inst.operands[1]).trim().str();
      continue;
    }
    break;
  }
  if (reg.empty())
    return std::nullopt;
  address.root = reg;
  return address;
}

/// The tensor-map operand of a TMA instruction: the one written
/// `[map, {...}]`.
std::optional<unsigned> mapOperand(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  if (!opcode.contains(".tensor"))
    return std::nullopt;
  if (!(opcode.starts_with("cp.async.bulk") ||
        opcode.starts_with("cp.reduce.async.bulk")))
    return std::nullopt;
  for (unsigned o = 0; o != inst.operands.size(); ++o) {
    StringRef op = StringRef(inst.operands[o]).trim();
    if (op.starts_with("[") && op.contains('{'))
      return o;
  }
  return std::nullopt;
}

/// What an instruction does to the maps' state.
enum class MapEvent : uint8_t { None, Write, WriteRelease, Release, Acquire,
                                Read };

} // namespace

std::string tensormapOperand(const Instruction &inst) {
  std::optional<unsigned> o = mapOperand(inst);
  if (!o)
    return "";
  return StringRef(inst.operands[*o])
      .trim()
      .drop_front()
      .split(',')
      .first.trim()
      .str();
}

/// The missing tensormap fences of one function, each with the index of
/// its TMA instruction.
static std::vector<std::pair<unsigned, Finding>>
findTensormapHazards(const FunctionAnalysis &fa) {
  std::vector<std::pair<unsigned, Finding>> out;
  const std::vector<Instruction> &insts = fa.function.instructions;
  // The maps TMA instructions read, numbered.
  std::vector<MapAddress> maps;
  auto mapOf = [&](const MapAddress &a, bool within) -> std::optional<unsigned> {
    for (unsigned m = 0; m != maps.size(); ++m)
      if (maps[m].root == a.root &&
          (within ? a.displacement >= maps[m].displacement &&
                        a.displacement < maps[m].displacement + 128
                  : a.displacement == maps[m].displacement))
        return m;
    return std::nullopt;
  };
  std::vector<std::pair<MapEvent, std::optional<unsigned>>> events(
      insts.size(), {MapEvent::None, std::nullopt});
  for (unsigned i = 0; i != insts.size(); ++i)
    if (std::optional<unsigned> o = mapOperand(insts[i]))
      if (std::optional<MapAddress> a = rootOf(fa, insts[i].operands[*o])) {
        std::optional<unsigned> m = mapOf(*a, false);
        if (!m) {
          m = maps.size();
          maps.push_back(*a);
        }
        events[i] = {MapEvent::Read, m};
      }
  if (maps.empty())
    return out;
  for (unsigned i = 0; i != insts.size(); ++i) {
    const Instruction &inst = insts[i];
    StringRef opcode = inst.opcode;
    if (events[i].first != MapEvent::None)
      continue;
    if (opcode.starts_with("fence.proxy.tensormap::generic.release")) {
      events[i] = {MapEvent::Release, std::nullopt};
      continue;
    }
    if (inst.operands.empty())
      continue;
    bool acquire = opcode.starts_with("fence.proxy.tensormap::generic.acquire");
    bool copyRelease = opcode.starts_with("tensormap.cp_fenceproxy");
    bool store = opcode.starts_with("st.") && !opcode.contains(".shared") &&
                 !opcode.contains(".local") && !opcode.contains(".param") &&
                 !opcode.starts_with("st.async");
    bool replace = opcode.starts_with("tensormap.replace") &&
                   !opcode.contains(".shared");
    if (!acquire && !copyRelease && !store && !replace)
      continue;
    std::optional<MapAddress> a = rootOf(fa, inst.operands[0]);
    std::optional<unsigned> m = a ? mapOf(*a, !acquire) : std::nullopt;
    if (!m)
      continue;
    events[i] = {acquire       ? MapEvent::Acquire
                 : copyRelease ? MapEvent::WriteRelease
                               : MapEvent::Write,
                 m};
  }
  // Any acquire may be of any map: then nothing is proven.
  for (unsigned i = 0; i != insts.size(); ++i)
    if (events[i].first == MapEvent::Acquire ||
        StringRef(insts[i].opcode)
            .starts_with("fence.proxy.tensormap::generic.acquire"))
      return out;
  bool anyRelease = llvm::any_of(events, [](const auto &e) {
    return e.first == MapEvent::Release;
  });
  for (unsigned t = 0; t != insts.size(); ++t) {
    if (events[t].first != MapEvent::Read)
      continue;
    unsigned m = *events[t].second;
    std::optional<unsigned> w;
    for (unsigned j = 0; j != insts.size() && !w; ++j)
      if ((events[j].first == MapEvent::Write ||
           events[j].first == MapEvent::WriteRelease) &&
          events[j].second == m && fa.reaches(j, t))
        w = j;
    if (!w)
      continue;
    bool released = events[*w].first == MapEvent::WriteRelease || anyRelease;
    const Instruction &tma = insts[t];
    Finding finding{FindingKind::MissingFence};
    finding.hazard = "RAW";
    finding.scope = "gpu";
    finding.primary = describe(fa.module, tma);
    finding.secondary = describe(fa.module, insts[*w]);
    finding.region = llvm::formatv("the tensor map at {0}+{1} (128 bytes)",
                                   maps[m].root, maps[m].displacement);
    finding.path = "tensormap proxy";
    finding.message = llvm::formatv(
        "missing tensormap proxy fence (RAW): {0} rewrites the tensor map "
        "that {1} then reads through the tensormap proxy, and the function "
        "has no fence.proxy.tensormap::generic.acquire",
        insts[*w].opcode, tma.opcode);
    finding.fix = llvm::formatv(
        "insert {0}`fence.proxy.tensormap::generic.acquire.gpu [{1}], 128;` "
        "before the {2} (PTX ISA #tensormap-proxy)",
        released ? "" : "`fence.proxy.tensormap::generic.release.gpu;` and ",
        tensormapOperand(tma), tma.opcode);
    out.push_back({t, std::move(finding)});
  }
  return out;
}

void addTensormapFindings(const FunctionAnalysis &fa,
                          std::vector<Finding> &out) {
  for (auto &[tma, finding] : findTensormapHazards(fa))
    out.push_back(std::move(finding));
}

std::vector<unsigned> placeTensormapFences(const FunctionAnalysis &fa) {
  std::vector<unsigned> tmas;
  for (const auto &[tma, finding] : findTensormapHazards(fa))
    tmas.push_back(tma);
  return tmas;
}

} // namespace proxyfence::ptx::detail
