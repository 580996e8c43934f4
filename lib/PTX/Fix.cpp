//===- Fix.cpp - fences for the PTX hazards, inserted in the text --------===//
//
// `proxyfence fix` on PTX: places one fence at a time where
// FunctionAnalysis::getInsertionPoint says, until no hazard is left, drops
// the fences made redundant, and re-emits the text byte for byte with the
// fence lines added.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"

#include <set>

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
    std::optional<unsigned> crossRole, handOff;
    for (const Hazard &hazard : hazards) {
      if (hazard.crossRole && hazard.release &&
          !fa.function.instructions[*hazard.release].isPredicated()) {
        // Through a matched hand-off: one fence before the arrive orders
        // every access pending there.
        handOff = std::min(handOff.value_or(*hazard.release), *hazard.release);
        continue;
      }
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
    if (byAsync.empty() && handOff)
      progress = options.virtualFences.insert({*handOff, Scope::CTA}).second;
    else if (byAsync.empty() && crossRole) {
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

/// The completion waits that make the proven missing completion waits go
/// away: each `wait_group N` (N > 0) of the read's kind on a path from the
/// read to the write (or, for a hand-off, to the arrive the read is pending
/// at) is made `wait_group 0`, the strongest; where a bulk read meets the
/// write with no such wait on the way, `cp.async.bulk.wait_group.read 0`
/// goes before the write (or the arrive). Returns the waits to strengthen
/// and the instructions to insert a bulk wait before.
std::pair<std::set<unsigned>, std::set<unsigned>>
placeWaits(const FunctionAnalysis &fa) {
  std::set<unsigned> strengthen, insertBefore;
  for (const CompletionHazard &hazard : fa.findCompletionHazards()) {
    if (!isProven(fa, hazard.write, hazard.writeAccess, hazard.async,
                  hazard.asyncAccess))
      continue;
    Role kind = hazard.completion == Completion::BulkGroup   ? Role::BulkWait
                : hazard.completion == Completion::WgmmaGroup ? Role::WgmmaWait
                                                              : Role::Unknown;
    if (kind == Role::Unknown)
      continue;
    unsigned target = hazard.release ? *hazard.release : hazard.write;
    bool found = false;
    for (unsigned w = 0; w != fa.roles.size(); ++w)
      if (fa.roles[w].role == kind && fa.reaches(hazard.async, w) &&
          fa.reaches(w, target)) {
        found = true;
        if (fa.roles[w].waitCount != 0)
          strengthen.insert(w);
      }
    if (!found && kind == Role::BulkWait)
      insertBefore.insert(target);
  }
  return {strengthen, insertBefore};
}

/// The blanks that indent the line starting at `start` (a tab if none).
std::string indentAt(const Module &module, size_t start) {
  std::string indent = StringRef(module.text)
                           .substr(start)
                           .take_while([](char c) {
                             return c == ' ' || c == '\t';
                           })
                           .str();
  return indent.empty() ? "\t" : indent;
}

/// The byte offset of the start of the line holding `position`.
size_t lineStart(const Module &module, unsigned line) {
  return module.lineStarts[line - 1];
}

} // namespace

std::string proxyfence::ptx::fixPTX(const Module &module, unsigned &inserted,
                                    unsigned &waits) {
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
  // Byte range -> its replacement: a wait's count made 0.
  std::map<size_t, std::pair<size_t, std::string>> replacements;
  std::map<size_t, std::string> waitInsertions;
  // Line start -> the tensormap release and acquire to insert there.
  std::map<size_t, std::string> tensormapInsertions;
  bool crlf = StringRef(module.text).contains("\r\n");
  for (const Function &function : module.functions) {
    FunctionAnalysis analysis(module, function);
    auto [strengthen, waitBefore] = placeWaits(analysis);
    for (unsigned w : strengthen) {
      const Instruction &inst = function.instructions[w];
      if (inst.operands.empty())
        continue;
      // The count is the last operand: find it in the text before the `;`.
      StringRef text = StringRef(module.text).substr(inst.position.offset);
      size_t end = text.find(';');
      size_t at = text.take_front(end).rfind(inst.operands.back());
      if (end == StringRef::npos || at == StringRef::npos)
        continue;
      replacements[inst.position.offset + at] = {inst.operands.back().size(),
                                                 "0"};
    }
    for (unsigned t : placeTensormapFences(analysis)) {
      const Instruction &inst = function.instructions[t];
      size_t start = lineStart(module, inst.position.line);
      std::string indent = indentAt(module, start);
      tensormapInsertions[start] =
          indent + "fence.proxy.tensormap::generic.release.gpu;" +
          (crlf ? "\r\n" : "\n") + indent +
          "fence.proxy.tensormap::generic.acquire.gpu [" +
          tensormapOperand(inst) + "], 128;";
    }
    for (unsigned i : waitBefore) {
      const Instruction &inst = function.instructions[i];
      size_t start = lineStart(module, inst.position.line);
      waitInsertions[start] =
          indentAt(module, start) + "cp.async.bulk.wait_group.read 0;";
    }
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
      std::string indent = inlineBefore ? "" : indentAt(module, start);
      auto [it, added] = insertions.insert({at, {scope, indent, inlineBefore}});
      if (!added && scope == Scope::Cluster)
        it->second.scope = Scope::Cluster;
    }
  }
  // Every edit by offset: insertions before replacements at the same place.
  struct Edit {
    size_t length = 0;
    std::string text;
  };
  std::multimap<size_t, Edit> edits;
  for (const auto *lines : {&waitInsertions, &tensormapInsertions})
    for (const auto &[offset, line] : *lines)
      edits.insert({offset, {0, line + (crlf ? "\r\n" : "\n")}});
  for (const auto &[offset, fence] : insertions)
    edits.insert({offset, {0, fence.inlineBefore
                                  ? fenceText(fence.scope) + " "
                                  : fence.indent + fenceText(fence.scope) +
                                        (crlf ? "\r\n" : "\n")}});
  for (const auto &[offset, replacement] : replacements)
    edits.insert({offset, {replacement.first, replacement.second}});
  std::string out;
  out.reserve(module.text.size() + edits.size() * 40);
  size_t done = 0;
  for (const auto &[offset, edit] : edits) {
    if (offset < done)
      continue;
    out.append(module.text, done, offset - done);
    out += edit.text;
    done = offset + edit.length;
  }
  out.append(module.text, done, std::string::npos);
  inserted = insertions.size() + 2 * tensormapInsertions.size();
  waits = replacements.size() + waitInsertions.size();
  return out;
}
