//===- InputLimits.h - what the tools refuse before parsing -----*- C++ -*-===//
//
// MLIR's parser descends recursively into every bracket: input nested a
// few thousand levels deep overflows the stack (found by fuzzing; it also
// crashes mlir-opt). No kernel nests more than a few dozen levels, so the
// tools refuse deeper input with a diagnostic instead of crashing.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SUPPORT_INPUTLIMITS_H
#define PROXYFENCE_SUPPORT_INPUTLIMITS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace proxyfence {

/// The deepest bracket nesting ((), [], {}, <>) the tools parse.
constexpr unsigned kMaxNesting = 256;

/// The offset of the first bracket that opens a level deeper than `limit`,
/// outside string literals and `//` comments; none if the text stays
/// within it. (`->` does not close a `<`.)
inline std::optional<size_t> findExcessiveNesting(llvm::StringRef text,
                                                  unsigned limit = kMaxNesting) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      while (i < e && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > limit)
        return i;
    } else if ((c == ')' || c == ']' || c == '}' ||
                (c == '>' && (i == 0 || text[i - 1] != '-'))) &&
               depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

/// The diagnostic both tools give for input nested too deep: where
/// ("PATH:LINE:COL", 1-based) and what; none if `text` is within the limit.
struct NestingError {
  std::string location;
  std::string message;
};
inline std::optional<NestingError> checkNesting(llvm::StringRef path,
                                                llvm::StringRef text) {
  std::optional<size_t> at = findExcessiveNesting(text);
  if (!at)
    return std::nullopt;
  llvm::StringRef before = text.take_front(*at);
  size_t line = before.count('\n') + 1;
  size_t column = *at - (before.rfind('\n') + 1) + 1;
  return NestingError{path.str() + ":" + std::to_string(line) + ":" +
                          std::to_string(column),
                      "brackets nested deeper than " +
                          std::to_string(kMaxNesting) +
                          " levels: not a kernel, and more than the parser "
                          "can take"};
}

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_INPUTLIMITS_H
