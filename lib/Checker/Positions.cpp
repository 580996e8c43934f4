//===- Positions.cpp - where an op is, in the kernel and in the IR -------===//
//
// Triton's locations name the Python line of each op (through NameLoc,
// CallSiteLoc and FusedLoc wrappers); the parser's AsmParserState gives the
// op's place in the IR text.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Checker.h"

#include "mlir/IR/Location.h"
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
  info.op = op;
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
  } else {
    info.ir.file = irFile;
  }
  return info;
}
