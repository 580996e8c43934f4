//===- Fix.cpp - fences for the PTX hazards, inserted in the text --------===//
//
// `proxyfence fix` on PTX: places one fence at a time where
// FunctionAnalysis::getInsertionPoint says, until no hazard is left, drops
// the fences made redundant, and re-emits the text byte for byte with the
// fence lines added.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"

using namespace proxyfence;
using namespace proxyfence::ptx;
using namespace proxyfence::ptx::detail;
using llvm::StringRef;

namespace {

/// The fence insertions of one function: instruction index -> scope. One
/// fence per round, for the first async instruction (in text order) that
/// still has a hazard, so that a fence placed for an early hazard is seen
/// before deciding on later ones (no fence is placed that an earlier one
/// already makes spurious).
std::map<unsigned, Scope> placeFences(const FunctionAnalysis &fa) {
  RunOptions options;
  for (unsigned round = 0; round != 256; ++round) {
    std::vector<Hazard> hazards = fa.findHazards(options);
    if (hazards.empty())
      break;
    // Group by async op: one fence covers all its generic accesses.
    std::map<unsigned, std::pair<Scope, std::vector<unsigned>>> byAsync;
    std::optional<unsigned> crossRole;
    for (const Hazard &hazard : hazards) {
      if (hazard.crossRole) {
        crossRole = std::min(crossRole.value_or(hazard.generic),
                             hazard.generic);
        continue;
      }
      auto &entry = byAsync[hazard.async];
      if (hazard.scope == Scope::Cluster)
        entry.first = Scope::Cluster;
      entry.second.push_back(hazard.generic);
    }
    bool progress = false;
    if (byAsync.empty() && crossRole) {
      // A generic access another role's async op may see: fence it in its
      // own role, before the first instruction after it that publishes it
      // (the arrive, barrier or exit), or right after it.
      unsigned point = *crossRole + 1;
      for (unsigned i = point; i < fa.cfg.blocks[fa.cfg.blockOf[*crossRole]].end;
           ++i)
        if (fa.publishesToOtherRoles(i)) {
          point = i;
          break;
        }
      progress = options.virtualFences.insert({point, Scope::CTA}).second;
    }
    // std::map iterates in instruction order: take the first async op only.
    for (auto &[async, entry] : llvm::make_range(
             byAsync.begin(),
             byAsync.empty() ? byAsync.end() : std::next(byAsync.begin()))) {
      unsigned point = fa.getInsertionPoint(async, entry.second);
      auto [it, inserted] = options.virtualFences.insert({point, entry.first});
      if (inserted || (entry.first == Scope::Cluster &&
                       it->second != Scope::Cluster)) {
        it->second = entry.first == Scope::Cluster ? Scope::Cluster
                                                   : it->second;
        progress = true;
      }
    }
    if (!progress)
      break;
  }
  // A fence placed for an early hazard may be made redundant by one placed
  // later (e.g. hoisted or before a barrier on a shared path): drop every
  // fence without which no hazard comes back, last first, so that the set
  // is minimal and `check` finds none of them spurious.
  if (!fa.findHazards(options).empty())
    return options.virtualFences;
  std::vector<std::pair<unsigned, Scope>> placed(options.virtualFences.begin(),
                                                 options.virtualFences.end());
  for (auto it = placed.rbegin(); it != placed.rend(); ++it) {
    options.virtualFences.erase(it->first);
    if (!fa.findHazards(options).empty())
      options.virtualFences.insert(*it);
  }
  return options.virtualFences;
}

/// The byte offset of the start of the line holding `position`.
size_t lineStart(const Module &module, unsigned line) {
  return module.lineStarts[line - 1];
}

} // namespace

std::string proxyfence::ptx::fixPTX(const Module &module, unsigned &inserted) {
  // Byte offset -> the fence to insert there: a line of its own before the
  // line the instruction starts, or, when another instruction ends on that
  // line before it (`st.shared [%r], %f\n;bar.sync 0;`), right before the
  // instruction on the same line.
  struct Insertion {
    Scope scope;
    std::string indent;
    bool inlineBefore;
  };
  std::map<size_t, Insertion> insertions;
  for (const Function &function : module.functions) {
    FunctionAnalysis analysis(module, function);
    for (auto [point, scope] : placeFences(analysis)) {
      TextPosition position;
      if (point < function.instructions.size()) {
        position = function.instructions[point].position;
      } else {
        // Before the label that starts the loop header.
        for (const Label &label : function.labels)
          if (label.instruction == point)
            position = label.position;
        if (position.line == 0)
          continue;
      }
      size_t start = lineStart(module, position.line);
      StringRef before =
          StringRef(module.text).slice(start, position.offset);
      bool inlineBefore = !before.trim().empty();
      size_t at = inlineBefore ? position.offset : start;
      std::string indent;
      if (!inlineBefore) {
        indent = StringRef(module.text)
                     .substr(start)
                     .take_while([](char c) { return c == ' ' || c == '\t'; })
                     .str();
        if (indent.empty())
          indent = "\t";
      }
      auto [it, added] = insertions.insert({at, {scope, indent, inlineBefore}});
      if (!added && scope == Scope::Cluster)
        it->second.scope = Scope::Cluster;
    }
  }
  bool crlf = StringRef(module.text).contains("\r\n");
  std::string out;
  out.reserve(module.text.size() + insertions.size() * 40);
  size_t done = 0;
  for (const auto &[offset, fence] : insertions) {
    out.append(module.text, done, offset - done);
    if (fence.inlineBefore)
      out += fenceText(fence.scope) + " ";
    else
      out += fence.indent + fenceText(fence.scope) + (crlf ? "\r\n" : "\n");
    done = offset;
  }
  out.append(module.text, done, std::string::npos);
  inserted = insertions.size();
  return out;
}
