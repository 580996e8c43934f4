//===- Reader.h - a PTX reader that keeps every byte -------------*- C++ -*-===//
//
// Reads the PTX that nvcc (CUDA 12/13) and Triton 3.6 emit into functions,
// instructions and labels, each with its position in the text. The text
// itself is kept, so that `proxyfence fix` re-emits it byte-identically
// except for the lines it inserts. Instructions the reader does not know
// are kept verbatim: only their mnemonic and operands are split.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_PTX_READER_H
#define PROXYFENCE_PTX_READER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace proxyfence::ptx {

/// A 1-based line and column and the byte offset of a place in the text.
struct TextPosition {
  unsigned line = 0;
  unsigned column = 0;
  size_t offset = 0;
};

/// The kernel source position a `.loc` names (file index of `.file`).
struct DebugLoc {
  unsigned file = 0;
  unsigned line = 0;
  unsigned column = 0;
  /// The inlined function instance the location is in (`.loc ...,
  /// function_name LABEL, inlined_at ...`), numbered per module from 1; 0
  /// outside inlined code. Two instructions at the same line of a helper
  /// inlined at two call sites differ here.
  unsigned inlinedScope = 0;
};

struct Instruction {
  /// The guard predicate register without `@`/`!` ("%p1"); empty if none.
  std::string predicate;
  bool negated = false;
  /// The mnemonic with all its qualifiers: "st.shared.v4.b32".
  std::string opcode;
  /// Operands split at top-level commas, trimmed: "[%r27+1024]",
  /// "{%r93, %r94}", "%r1".
  std::vector<std::string> operands;
  /// Where the statement starts (its predicate or mnemonic).
  TextPosition position;
  /// The last `.loc` before it.
  DebugLoc loc;
  /// The `{ }` scope it is in (0: the function body).
  unsigned scope = 0;

  bool isPredicated() const { return !predicate.empty(); }
};

struct Label {
  std::string name;
  unsigned scope = 0;
  /// Index of the first instruction after the label.
  unsigned instruction = 0;
  TextPosition position;
};

struct Function {
  std::string name;
  bool isEntry = false;
  TextPosition position;
  std::vector<std::string> parameters;
  /// The CTA shape bound of `.maxntid` or `.reqntid` (x, y, z); 0: none given.
  unsigned maxThreads[3] = {0, 0, 0};
  /// Set by `.reqntid`: the CTA has exactly that shape.
  bool requiredThreads = false;
  std::vector<Instruction> instructions;
  std::vector<Label> labels;
  /// Parent of each scope; scope 0 (the body) has parent 0.
  std::vector<unsigned> scopeParents;
};

/// A `.shared` variable, module-level or declared in a function body.
struct SharedSymbol {
  std::string name;
  /// Size in bytes; none for `.extern` arrays of unknown size.
  std::optional<uint64_t> size;
  bool isExtern = false;
  /// The declared `.align N` (1 when none is declared).
  uint64_t align = 1;
};

struct Module {
  std::string path;
  /// The whole file, byte for byte.
  std::string text;
  /// Byte offset of the start of every line (line N starts at
  /// lineStarts[N-1]).
  std::vector<size_t> lineStarts;
  std::string target;
  std::map<unsigned, std::string> files;
  std::vector<SharedSymbol> sharedSymbols;
  std::vector<Function> functions;

  /// The index of the shared symbol named `name`, if any.
  std::optional<unsigned> findShared(llvm::StringRef name) const;
  /// The source file `.file` gave index `index`.
  std::string getFileName(unsigned index) const;
};

/// A `file:line:col: error: message` diagnostic about bad input.
struct ReadError {
  TextPosition position;
  std::string message;
};

/// Reads `text` (named `path` in diagnostics). Returns false and fills
/// `error` on malformed PTX.
bool readModule(llvm::StringRef path, llvm::StringRef text, Module &module,
                ReadError &error);

/// Splits an operand list at top-level commas (outside [] {} ()).
std::vector<std::string> splitOperands(llvm::StringRef text);

} // namespace proxyfence::ptx

#endif // PROXYFENCE_PTX_READER_H
