//===- Report.cpp - findings as text, JSON, SARIF and Graphviz ----------===//
//
// Text is compiler-style (`file:line:col: error: ...` with indented
// details), JSON is proxyfence's own schema, SARIF is 2.1.0 with one rule
// per finding kind and the generic/async pair as related locations.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/CommandLine/Report.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"

using namespace proxyfence;
namespace json = llvm::json;

static constexpr const char *kToolVersion = "0.1.0";

llvm::StringRef proxyfence::stringifyFindingKind(FindingKind kind) {
  switch (kind) {
  case FindingKind::MissingFence:
    return "missing-fence";
  case FindingKind::MissingCompletionWait:
    return "missing-completion-wait";
  case FindingKind::SpuriousFence:
    return "spurious-fence";
  case FindingKind::OverwideFence:
    return "overwide-fence";
  case FindingKind::UnprovenOrdering:
    return "unproven-ordering";
  case FindingKind::FormalHazard:
    return "formal-hazard";
  }
  llvm_unreachable("unknown finding kind");
}

llvm::StringRef proxyfence::getSeverity(FindingKind kind) {
  if (kind == FindingKind::FormalHazard)
    return "note";
  return kind == FindingKind::MissingFence ||
                 kind == FindingKind::MissingCompletionWait
             ? "error"
             : "warning";
}

llvm::StringRef proxyfence::getSeverity(const Finding &finding) {
  if (finding.strict && finding.kind == FindingKind::UnprovenOrdering)
    return "error";
  return getSeverity(finding.kind);
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

/// Where to point the user first: the kernel line if known, else the IR.
static std::string primaryPosition(const OpInfo &info) {
  return info.source.isKnown() ? info.source.str() : info.ir.str();
}

static std::string describeOp(const OpInfo &info) {
  std::string text = info.name;
  if (info.source.isKnown())
    text += " at " + info.source.str();
  if (info.ir.isKnown())
    text += (info.source.isKnown() ? " (" : " at ") + info.ir.str() +
            (info.source.isKnown() ? ")" : "");
  return text;
}

static void writeSeverity(llvm::raw_ostream &os, llvm::StringRef severity,
                          bool color) {
  llvm::raw_ostream::Colors c = severity == "error"     ? llvm::raw_ostream::RED
                                : severity == "warning" ? llvm::raw_ostream::MAGENTA
                                                        : llvm::raw_ostream::CYAN;
  if (color)
    os.changeColor(c, /*bold=*/true);
  os << severity << ":";
  if (color)
    os.resetColor();
}

static void writeTextFinding(llvm::raw_ostream &os, const Finding &finding,
                             bool color) {
  os << primaryPosition(finding.primary) << ": ";
  writeSeverity(os, getSeverity(finding), color);
  os << " " << finding.message << " [" << stringifyFindingKind(finding.kind)
     << "]\n";
  switch (finding.kind) {
  case FindingKind::MissingFence:
  case FindingKind::FormalHazard:
    os << "  async op:   " << describeOp(finding.primary) << "\n";
    os << "  generic op: " << describeOp(finding.secondary) << "\n";
    break;
  case FindingKind::MissingCompletionWait:
    os << (finding.asyncWriter ? "  async write:   " : "  generic write: ")
       << describeOp(finding.primary) << "\n";
    os << "  async read:    " << describeOp(finding.secondary) << "\n";
    break;
  case FindingKind::UnprovenOrdering:
    os << "  unresolved: " << describeOp(finding.primary) << "\n";
    if (finding.secondary.isPresent())
      os << "  e.g. with:  " << describeOp(finding.secondary) << "\n";
    break;
  default:
    os << "  fence: " << describeOp(finding.primary) << "\n";
    break;
  }
  if (!finding.region.empty())
    os << "  memory: " << finding.region << "\n";
  if (!finding.path.empty())
    os << "  path:   " << finding.path << "\n";
  os << "  fix:    " << finding.fix << "\n";
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

/// A JSON string of `text`. JSON is UTF-8; names and messages quote the
/// input (op names, PTX opcodes, file names), which may hold any bytes, so
/// invalid sequences become U+FFFD instead of breaking the document.
static json::Value jsonText(llvm::StringRef text) {
  if (json::isUTF8(text))
    return json::Value(text.str());
  return json::Value(json::fixUTF8(text));
}

static json::Value toJSON(const SourcePosition &position) {
  if (!position.isKnown())
    return nullptr;
  return json::Object{{"file", jsonText(position.file)},
                      {"line", static_cast<int64_t>(position.line)},
                      {"column", static_cast<int64_t>(position.column)}};
}

static json::Value toJSON(const OpInfo &info) {
  if (!info.isPresent())
    return nullptr;
  return json::Object{{"op", jsonText(info.name)},
                      {"source", toJSON(info.source)},
                      {"ir", toJSON(info.ir)}};
}

/// The optional details of a finding (hazard kind, memory, path) that
/// both JSON and SARIF (as result properties) carry, when present.
static void addDetails(json::Object &object, const Finding &finding) {
  if (!finding.hazard.empty())
    object["hazard"] = jsonText(finding.hazard);
  if (!finding.region.empty())
    object["memory"] = jsonText(finding.region);
  if (!finding.path.empty())
    object["path"] = jsonText(finding.path);
}

static json::Object toJSON(const Finding &finding) {
  json::Object object{
      {"kind", stringifyFindingKind(finding.kind)},
      {"severity", getSeverity(finding)},
      {"message", jsonText(finding.message)},
      {"primary", toJSON(finding.primary)},
      {"secondary", toJSON(finding.secondary)},
      {"fix", jsonText(finding.fix)},
  };
  addDetails(object, finding);
  if (!finding.scope.empty())
    object["scope"] = jsonText(finding.scope);
  return object;
}

namespace {
struct SeverityCounts {
  int64_t errors = 0, warnings = 0, notes = 0;
};
} // namespace

static SeverityCounts countSeverities(llvm::ArrayRef<Finding> findings) {
  SeverityCounts counts;
  for (const Finding &finding : findings) {
    llvm::StringRef severity = getSeverity(finding);
    ++(severity == "error"     ? counts.errors
       : severity == "warning" ? counts.warnings
                               : counts.notes);
  }
  return counts;
}

//===----------------------------------------------------------------------===//
// SARIF 2.1.0
//===----------------------------------------------------------------------===//

namespace {
struct Rule {
  FindingKind kind;
  const char *name;
  const char *shortText;
  const char *fullText;
};
} // namespace

static const Rule kRules[] = {
    {FindingKind::MissingFence, "MissingProxyFence",
     "A generic shared-memory access reaches an async-proxy access of the "
     "same bytes without fence.proxy.async.",
     "On sm_90+ generic-proxy writes (st.shared, stmatrix, cp.async) are not "
     "visible to TMA, wgmma or tcgen05, and generic reads are not ordered "
     "before TMA writes, without fence.proxy.async between them (PTX ISA "
     "#async-proxy)."},
    {FindingKind::MissingCompletionWait, "MissingCompletionWait",
     "A write (generic, or an async load) reuses shared memory an async op "
     "may still be reading.",
     "Async reads (TMA stores, wgmma, tcgen05 operands) end only at their "
     "completion wait (cp.async.bulk.wait_group.read, wgmma.wait_group, the "
     "mbarrier of tcgen05.commit); a proxy fence does not order them."},
    {FindingKind::SpuriousFence, "SpuriousProxyFence",
     "A proxy fence orders no hazard.",
     "No generic access the fence orders reaches an async access of the "
     "same bytes; the fence costs cycles and can be removed."},
    {FindingKind::OverwideFence, "OverwideProxyFence",
     "A cluster-scope proxy fence where the CTA scope suffices.",
     "fence.proxy.async.shared::cluster costs about ten times the CTA form; "
     "it is needed only when the async access reaches other CTAs."},
    {FindingKind::UnprovenOrdering, "UnprovenOrdering",
     "The checker can prove neither a hazard nor its order here.",
     "An address, extent or role the checker cannot resolve (an untraced "
     "address, a TMA box the PTX does not state) leaves generic and async "
     "accesses that may touch the same bytes neither proven ordered nor "
     "proven to race. Reported once per cause; --strict makes it an "
     "error."},
    {FindingKind::FormalHazard, "FormalProxyHazard",
     "A hazard the PTX rules require a fence for, that cannot corrupt.",
     "The generic read and the async write of the same bytes are not "
     "ordered by a proxy fence, as the PTX ISA requires (#async-proxy), but "
     "an execution barrier between them already ordered the value read: "
     "the TMEM address tcgen05.alloc writes to shared memory, loaded before "
     "a TMA reuses its bytes. A note; the fence costs a few cycles once."},
};

static json::Value sarifLocation(const OpInfo &info, llvm::StringRef input,
                                 std::optional<int64_t> id = std::nullopt,
                                 llvm::StringRef message = "") {
  const SourcePosition &position =
      info.source.isKnown() ? info.source : info.ir;
  json::Object region;
  if (position.isKnown()) {
    region["startLine"] = static_cast<int64_t>(position.line);
    if (position.column > 0)
      region["startColumn"] = static_cast<int64_t>(position.column);
  }
  json::Object physical{
      {"artifactLocation",
       json::Object{{"uri", jsonText(position.file.empty()
                                         ? input
                                         : llvm::StringRef(position.file))}}}};
  if (!region.empty())
    physical["region"] = std::move(region);
  json::Object location{{"physicalLocation", std::move(physical)}};
  if (id)
    location["id"] = *id;
  if (!message.empty())
    location["message"] = json::Object{{"text", jsonText(message)}};
  return location;
}

static json::Value toSARIF(llvm::ArrayRef<Finding> findings,
                           llvm::StringRef input) {
  json::Array rules;
  for (const Rule &rule : kRules)
    rules.push_back(json::Object{
        {"id", stringifyFindingKind(rule.kind)},
        {"name", rule.name},
        {"shortDescription", json::Object{{"text", rule.shortText}}},
        {"fullDescription", json::Object{{"text", rule.fullText}}},
        {"defaultConfiguration",
         json::Object{{"level", getSeverity(rule.kind)}}}});
  json::Array results;
  for (const Finding &finding : findings) {
    json::Array related;
    if (finding.secondary.isPresent())
      related.push_back(sarifLocation(
          finding.secondary, input, 1,
          finding.kind == FindingKind::MissingFence ? "the generic access"
                                                    : "the async read"));
    json::Object properties{{"fix", jsonText(finding.fix)}};
    addDetails(properties, finding);
    json::Object result{
        {"ruleId", stringifyFindingKind(finding.kind)},
        {"ruleIndex", static_cast<int64_t>(finding.kind)},
        {"level", getSeverity(finding)},
        {"message", json::Object{{"text", jsonText(finding.message +
                                                   ". Fix: " + finding.fix +
                                                   ".")}}},
        {"locations", json::Array{sarifLocation(finding.primary, input)}},
        {"properties", std::move(properties)}};
    if (!related.empty())
      result["relatedLocations"] = std::move(related);
    results.push_back(std::move(result));
  }
  json::Object driver{{"name", "proxyfence"},
                      {"version", kToolVersion},
                      {"informationUri", "https://github.com/proxyfence/proxyfence"},
                      {"rules", std::move(rules)}};
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{json::Object{
                   {"tool", json::Object{{"driver", std::move(driver)}}},
                   {"artifacts",
                    json::Array{json::Object{
                        {"location", json::Object{{"uri", jsonText(input)}}}}}},
                   {"results", std::move(results)}}}}};
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

void proxyfence::writeFindings(llvm::raw_ostream &os,
                               llvm::ArrayRef<Finding> findings,
                               OutputFormat format,
                               const ReportOptions &options) {
  auto [errors, warnings, notes] = countSeverities(findings);
  switch (format) {
  case OutputFormat::Text:
    for (const Finding &finding : findings)
      writeTextFinding(os, finding, options.color);
    os << llvm::formatv("{0}: {1} error{2}, {3} warning{4}", options.input,
                        errors, errors == 1 ? "" : "s", warnings,
                        warnings == 1 ? "" : "s");
    if (notes)
      os << llvm::formatv(", {0} note{1}", notes, notes == 1 ? "" : "s");
    os << "\n";
    return;
  case OutputFormat::JSON: {
    json::Array array;
    for (const Finding &finding : findings)
      array.push_back(toJSON(finding));
    os << llvm::formatv(
        "{0:2}\n",
        json::Value(json::Object{
            {"tool", "proxyfence"},
            {"version", kToolVersion},
            {"input", jsonText(options.input)},
            {"findings", std::move(array)},
            {"summary", notes ? json::Object{{"errors", errors},
                                             {"warnings", warnings},
                                             {"notes", notes}}
                              : json::Object{{"errors", errors},
                                             {"warnings", warnings}}}}));
    return;
  }
  case OutputFormat::SARIF:
    os << llvm::formatv("{0:2}\n", toSARIF(findings, options.input));
    return;
  }
}

llvm::StringRef proxyfence::stringifyVerdict(WaitExplanation::Verdict verdict) {
  switch (verdict) {
  case WaitExplanation::Verdict::Needed:
    return "needed";
  case WaitExplanation::Verdict::Slack:
    return "slack";
  case WaitExplanation::Verdict::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown verdict");
}

void proxyfence::writeExplanations(
    llvm::raw_ostream &os, llvm::ArrayRef<FenceExplanation> explanations,
    OutputFormat format, const ReportOptions &options,
    const std::vector<WaitExplanation> *waits) {
  if (format != OutputFormat::Text) {
    auto protectsJSON = [](llvm::ArrayRef<Finding> protects) {
      json::Array array;
      for (const Finding &finding : protects) {
        json::Value value = toJSON(finding);
        if (finding.pairs > 1)
          value.getAsObject()->try_emplace("pairs",
                                           static_cast<int64_t>(finding.pairs));
        array.push_back(std::move(value));
      }
      return array;
    };
    json::Array array;
    for (const FenceExplanation &explanation : explanations)
      array.push_back(
          json::Object{{"fence", toJSON(explanation.fence)},
                       {"needed", explanation.needed},
                       {"overwide", explanation.overwide},
                       {"summary", jsonText(explanation.summary)},
                       {"protects", protectsJSON(explanation.protects)}});
    json::Object top{{"tool", "proxyfence"},
                     {"input", jsonText(options.input)},
                     {"fences", std::move(array)}};
    if (waits) {
      json::Array waitArray;
      for (const WaitExplanation &explanation : *waits)
        waitArray.push_back(
            json::Object{{"wait", toJSON(explanation.wait)},
                         {"verdict", stringifyVerdict(explanation.verdict)},
                         {"summary", jsonText(explanation.summary)},
                         {"protects", protectsJSON(explanation.protects)}});
      top["waits"] = std::move(waitArray);
    }
    os << llvm::formatv("{0:2}\n", json::Value(std::move(top)));
    return;
  }
  if (explanations.empty())
    os << options.input << ": no proxy fences\n";
  auto writeProtects = [&](llvm::ArrayRef<Finding> protects) {
    for (const Finding &finding : protects) {
      os << "  " << finding.hazard << ": "
         << describeOp(finding.secondary) << " -> "
         << describeOp(finding.primary) << "\n";
      if (!finding.region.empty())
        os << "    memory: " << finding.region << "\n";
      os << "    path:   " << finding.path << "\n";
      if (finding.pairs > 1)
        os << "    pairs:  " << finding.pairs
           << (finding.pairsByLocation
                   ? " instruction pairs of these source lines (PTX lines "
                   : " instruction pairs of these opcodes in these blocks "
                     "(PTX lines ")
           << finding.pairLines << ")\n";
    }
  };
  for (const FenceExplanation &explanation : explanations) {
    os << primaryPosition(explanation.fence) << ": ";
    writeSeverity(os, explanation.needed ? "note" : "warning", options.color);
    os << " " << describeOp(explanation.fence) << " is "
       << explanation.summary << "\n";
    writeProtects(explanation.protects);
  }
  if (!waits)
    return;
  for (const WaitExplanation &explanation : *waits) {
    os << primaryPosition(explanation.wait) << ": ";
    writeSeverity(os, "note", options.color);
    os << " " << describeOp(explanation.wait) << " is " << explanation.summary
       << "\n";
    writeProtects(explanation.protects);
  }
}

static std::string escapeDot(llvm::StringRef text) {
  std::string escaped;
  for (char c : text) {
    if (c == '"' || c == '\\')
      escaped += '\\';
    escaped += c;
  }
  return escaped;
}

void proxyfence::writeDot(llvm::raw_ostream &os,
                          llvm::ArrayRef<Finding> findings) {
  os << "digraph proxyfence {\n  rankdir=TB;\n  node [shape=box, "
        "fontname=\"monospace\"];\n";
  for (auto [index, finding] : llvm::enumerate(findings)) {
    os << "  subgraph cluster_" << index << " {\n    label=\""
       << escapeDot(getSeverity(finding)) << ": "
       << escapeDot(stringifyFindingKind(finding.kind));
    if (!finding.hazard.empty())
      os << " (" << finding.hazard << ")";
    os << "\";\n";
    os << "    f" << index << "_primary [label=\""
       << escapeDot(describeOp(finding.primary)) << "\", color=red];\n";
    if (finding.secondary.isPresent()) {
      os << "    f" << index << "_secondary [label=\""
         << escapeDot(describeOp(finding.secondary)) << "\"];\n";
      os << "    f" << index << "_memory [shape=note, label=\""
         << escapeDot(finding.region) << "\"];\n";
      os << "    f" << index << "_secondary -> f" << index
         << "_primary [label=\"" << escapeDot(finding.path) << "\"];\n";
      os << "    f" << index << "_secondary -> f" << index
         << "_memory [style=dashed, arrowhead=none];\n";
      os << "    f" << index << "_primary -> f" << index
         << "_memory [style=dashed, arrowhead=none];\n";
    }
    os << "    f" << index << "_fix [shape=plaintext, label=\"fix: "
       << escapeDot(finding.fix) << "\"];\n";
    os << "  }\n";
  }
  os << "}\n";
}
