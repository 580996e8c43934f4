//===- Positions.cpp - where an op is, in the kernel and in the IR -------===//
//
// Triton's locations name the Python line of each op (through NameLoc,
// CallSiteLoc and FusedLoc wrappers); the parser's AsmParserState gives the
// op's place in the IR text.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Checker.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace proxyfence;

SourcePosition PositionResolver::getSourcePosition(Location loc) {
  return llvm::TypeSwitch<LocationAttr, SourcePosition>(loc)
      .Case([](FileLineColLoc fileLoc) {
        return SourcePosition{fileLoc.getFilename().str(), fileLoc.getLine(),
                              fileLoc.getColumn()};
      })
      .Case([](NameLoc nameLoc) {
        return getSourcePosition(nameLoc.getChildLoc());
      })
      // The caller is the kernel's own line; the callee is usually a
      // library helper (triton/language/standard.py).
      .Case([](CallSiteLoc callSite) {
        SourcePosition caller = getSourcePosition(callSite.getCaller());
        return caller.isKnown() ? caller
                                : getSourcePosition(callSite.getCallee());
      })
      .Case([](FusedLoc fused) {
        for (Location inner : fused.getLocations()) {
          SourcePosition position = getSourcePosition(inner);
          if (position.isKnown())
            return position;
        }
        return SourcePosition();
      })
      .Default([](LocationAttr) { return SourcePosition(); });
}

OpInfo PositionResolver::describe(Operation *op) const {
  OpInfo info;
  info.node = op;
  if (!op)
    return info;
  info.name = op->getName().getStringRef().str();
  info.source = getSourcePosition(op->getLoc());
  // Without `loc(...)` in the text, MLIR locates ops in the IR file itself:
  // that is not a kernel source position.
  if (info.source.file == irFile)
    info.source = SourcePosition();
  if (auto it = irPositions.find(op); it != irPositions.end()) {
    info.ir = it->second;
  } else if (auto loc = irLocs.find(op); loc != irLocs.end()) {
    auto [line, column] = sourceMgr->getLineAndColumn(loc->second);
    info.ir = SourcePosition{irFile, line, column};
  } else if (std::optional<SourcePosition> position = locateInIR(op)) {
    info.ir = *position;
  } else {
    info.ir.file = irFile;
  }
  return info;
}

std::optional<SourcePosition>
PositionResolver::locateInIR(Operation *op) const {
  if (!locatedInIR || !sourceMgr || sourceMgr->getNumBuffers() == 0)
    return std::nullopt;
  auto loc = dyn_cast<FileLineColLoc>(op->getLoc());
  unsigned buffer = sourceMgr->getMainFileID();
  if (!loc || loc.getFilename() !=
                  sourceMgr->getMemoryBuffer(buffer)->getBufferIdentifier())
    return std::nullopt;
  StringRef file = sourceMgr->getMemoryBuffer(buffer)->getBuffer();
  if (lineStarts.empty()) {
    lineStarts.push_back(0);
    for (size_t at = file.find('\n'); at != StringRef::npos;
         at = file.find('\n', at + 1))
      lineStarts.push_back(at + 1);
  }
  if (loc.getLine() == 0 || loc.getLine() > lineStarts.size() ||
      loc.getColumn() == 0)
    return std::nullopt;
  // The op's name where the parser read it: "dialect.op" in the generic
  // form, dialect.op or (in its dialect's region) op in the custom form.
  // An op the text does not hold was located at another op's name.
  StringRef text =
      file.drop_front(lineStarts[loc.getLine() - 1] + loc.getColumn() - 1);
  StringRef name = op->getName().getStringRef();
  StringRef token;
  if (text.consume_front("\""))
    token = text.take_until([](char c) { return c == '"'; });
  else
    token = text.take_while([](char c) {
      return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
    });
  if (token != name && token != name.split('.').second)
    return std::nullopt;
  return SourcePosition{irFile, loc.getLine(), loc.getColumn()};
}
