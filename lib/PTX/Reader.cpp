//===- Reader.cpp - a PTX reader that keeps every byte -------------------===//
//
// A hand-written scanner over the PTX text. Module-level directives are
// either line directives (.version, .target, .address_size, .file, .loc),
// declarations ending in `;`, `.section` blocks, or function definitions;
// a function body is a sequence of labels, `;`-terminated statements and
// `{ }` scopes (inline asm). Anything else is an error at its position.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Reader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace proxyfence::ptx;
using llvm::StringRef;

std::optional<unsigned> Module::findShared(StringRef name) const {
  for (unsigned i = 0, e = sharedSymbols.size(); i != e; ++i)
    if (sharedSymbols[i].name == name)
      return i;
  return std::nullopt;
}

std::string Module::getFileName(unsigned index) const {
  auto it = files.find(index);
  return it == files.end() ? std::string() : it->second;
}

std::vector<std::string> proxyfence::ptx::splitOperands(StringRef text) {
  std::vector<std::string> operands;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0, e = text.size(); i != e; ++i) {
    char c = text[i];
    if (c == '[' || c == '{' || c == '(')
      ++depth;
    else if (c == ']' || c == '}' || c == ')')
      --depth;
    else if (c == ',' && depth == 0) {
      operands.push_back(text.slice(start, i).trim().str());
      start = i + 1;
    }
  }
  StringRef last = text.substr(start).trim();
  if (!last.empty() || !operands.empty())
    operands.push_back(last.str());
  return operands;
}

namespace {

bool isIdentStart(char c) {
  return llvm::isAlpha(c) || c == '_' || c == '$' || c == '%';
}

bool isIdentChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }

/// Scans the text, tracking line and column; comments are whitespace.
class Scanner {
public:
  Scanner(StringRef text) : text(text) {}

  bool atEnd() const { return pos >= text.size(); }
  char peek(size_t ahead = 0) const {
    return pos + ahead < text.size() ? text[pos + ahead] : '\0';
  }
  TextPosition here() const { return {line, column, pos}; }

  /// Moves one character on; at the end it stays there.
  void advance() {
    if (atEnd())
      return;
    if (text[pos] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++pos;
  }

  /// Skips blanks and comments; stops at a newline when `stopAtNewline`.
  /// Returns false on an unterminated block comment.
  bool skipSpace(bool stopAtNewline = false) {
    while (!atEnd()) {
      char c = peek();
      if (c == '\n' && stopAtNewline)
        return true;
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (!atEnd() && peek() != '\n')
          advance();
      } else if (c == '/' && peek(1) == '*') {
        advance();
        advance();
        while (!atEnd() && !(peek() == '*' && peek(1) == '/'))
          advance();
        if (atEnd())
          return false;
        advance();
        advance();
      } else {
        return true;
      }
    }
    return true;
  }

  /// An identifier or directive word ([.]ident with dots and `::`).
  StringRef word() {
    size_t start = pos;
    while (!atEnd() && (isIdentChar(peek()) || peek() == '.' ||
                        peek() == '%' ||
                        (peek() == ':' && peek(1) == ':'))) {
      if (peek() == ':')
        advance();
      advance();
    }
    return text.slice(start, pos);
  }

  /// A directive's name: a dot and identifier characters. PTX directive
  /// names have no second dot, so `.reg.b64` (a declaration's first type
  /// glued to it, which ptxas accepts and hand-written inline asm uses) is
  /// read as `.reg`, leaving `.b64` to its operands.
  StringRef directiveWord() {
    size_t start = pos;
    if (peek() == '.')
      advance();
    while (!atEnd() && isIdentChar(peek()))
      advance();
    return text.slice(start, pos);
  }

  /// The rest of the line, without its comment.
  StringRef restOfLine() {
    size_t start = pos;
    while (!atEnd() && peek() != '\n' &&
           !(peek() == '/' && (peek(1) == '/' || peek(1) == '*')))
      advance();
    return text.slice(start, pos).trim();
  }

  /// The operands of a function's performance directive: digits, names,
  /// commas and blanks up to the next `.`, `;`, `{` or newline (none of them
  /// consumed).
  StringRef directiveOperands() {
    size_t start = pos;
    while (!atEnd() && peek() != '\n' && peek() != ';' && peek() != '{' &&
           peek() != '.' &&
           !(peek() == '/' && (peek(1) == '/' || peek(1) == '*')))
      advance();
    return text.slice(start, pos).trim();
  }

  /// Text up to the next `;` at bracket depth 0 (not included, consumed),
  /// comments removed. Fails at the end of the input or at an unbalanced
  /// closing bracket.
  bool untilSemicolon(std::string &out) {
    int depth = 0;
    while (!atEnd()) {
      char c = peek();
      if (c == '/' && (peek(1) == '/' || peek(1) == '*')) {
        if (!skipSpace())
          return false;
        out += ' ';
        continue;
      }
      if (c == ';' && depth == 0) {
        advance();
        return true;
      }
      if (c == '[' || c == '{' || c == '(')
        ++depth;
      if (c == ']' || c == '}' || c == ')') {
        if (--depth < 0)
          return false;
      }
      out += c;
      advance();
    }
    return false;
  }

  StringRef text;
  size_t pos = 0;
  unsigned line = 1;
  unsigned column = 1;
};

class Parser {
public:
  Parser(StringRef path, Module &module, ReadError &error)
      : scanner(module.text), module(module), error(error) {}

  bool parseModule();

private:
  bool fail(TextPosition position, const std::string &message) {
    error = {position, message};
    return false;
  }
  bool parseTopLevelDirective();
  bool parseLineDirective(StringRef word, TextPosition start);
  bool parseSection(TextPosition start);
  bool parseDeclarationOrFunction(TextPosition start, std::string prefix);
  bool parseFunction(TextPosition start, bool isEntry);
  bool parseBody(Function &function, TextPosition open);
  bool parseBodyDirective(Function &function, StringRef word,
                          TextPosition start);
  bool parseStatement(Function &function, unsigned scope);
  void recordShared(StringRef declaration);

  Scanner scanner;
  Module &module;
  ReadError &error;
  DebugLoc loc;
  /// The `function_name` labels of .loc directives, numbered from 1.
  llvm::StringMap<unsigned> inlinedScopes;
  /// Per open `{ }` scope of the body (the body first): the registers its
  /// `.reg` directives declare, each to the unique name the instructions
  /// get (`%tmp` of scope 3 is `%tmp$3`, `P1` is `%P1$3`). Inline asm
  /// declares its own `%tmp`, `P1`, `p` in each block; they are different
  /// registers.
  std::vector<std::pair<unsigned, llvm::StringMap<std::string>>>
      scopedRegisters;
  void declareScoped(StringRef declaration);
  std::string renameScoped(StringRef text) const;
};

bool isRegisterChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '%';
}

/// Records the registers of a `.reg .TYPE a, b;` directive of a nested
/// scope (not `%r<N>` ranges, which inline asm does not use).
void Parser::declareScoped(StringRef declaration) {
  if (scopedRegisters.size() < 2)
    return; // the body's registers keep their names
  auto &[id, names] = scopedRegisters.back();
  llvm::SmallVector<StringRef, 8> words;
  declaration.split(words, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : words)
    for (StringRef w : llvm::split(part, ' ')) {
      w = w.trim();
      if (w.empty() || w.starts_with(".") || w.contains('<') ||
          !llvm::all_of(w, isRegisterChar))
        continue;
      // A bare name (`remAddr32`, `P1`) gets the `%` of every other
      // register, so the analyses read it as one.
      names[w] = ((w.starts_with("%") ? "" : "%") + w + "$" + llvm::Twine(id))
                     .str();
    }
}

/// `text` with every register a `{ }` scope declared named uniquely (the
/// innermost declaration wins).
std::string Parser::renameScoped(StringRef text) const {
  std::string out;
  size_t i = 0, n = text.size();
  while (i < n) {
    if (!isRegisterChar(text[i])) {
      out += text[i++];
      continue;
    }
    size_t j = i;
    while (j < n && isRegisterChar(text[j]))
      ++j;
    StringRef token = text.slice(i, j);
    const std::string *renamed = nullptr;
    for (auto it = scopedRegisters.rbegin(); it != scopedRegisters.rend() &&
                                             !renamed;
         ++it) {
      auto found = it->second.find(token);
      if (found != it->second.end())
        renamed = &found->second;
    }
    out += renamed ? StringRef(*renamed) : token;
    i = j;
  }
  return out;
}

/// The directives that fill one line and end without `;`.
bool isLineDirective(StringRef word) {
  return llvm::StringSwitch<bool>(word)
      .Cases({".version", ".target", ".address_size", ".file", ".loc"}, true)
      .Default(false);
}

/// Linkage and state-space words that start a declaration.
bool isDeclarationWord(StringRef word) {
  return llvm::StringSwitch<bool>(word)
      .Cases({".visible", ".extern", ".weak", ".common", ".global",
              ".shared", ".const", ".local", ".entry", ".func", ".tex",
              ".surfref", ".texref", ".samplerref", ".alias", ".pragma"},
             true)
      .Default(false);
}

bool Parser::parseModule() {
  while (true) {
    if (!scanner.skipSpace())
      return fail(scanner.here(), "unterminated /* comment");
    if (scanner.atEnd())
      return true;
    TextPosition start = scanner.here();
    char c = scanner.peek();
    if (c != '.') {
      if (c == '}')
        return fail(start, "unbalanced '}' outside any function");
      return fail(start, "expected a PTX directive (.version, .target, "
                         ".entry, ...), found '" +
                             scanner.restOfLine().take_front(40).str() + "'");
    }
    if (!parseTopLevelDirective())
      return false;
  }
}

bool Parser::parseTopLevelDirective() {
  TextPosition start = scanner.here();
  StringRef word = scanner.directiveWord();
  if (isLineDirective(word))
    return parseLineDirective(word, start);
  if (word == ".section")
    return parseSection(start);
  if (!isDeclarationWord(word))
    return fail(start, "unknown directive '" + word.str() + "'");
  return parseDeclarationOrFunction(start, word.str());
}

bool Parser::parseLineDirective(StringRef word, TextPosition start) {
  scanner.skipSpace(/*stopAtNewline=*/true);
  StringRef rest = scanner.restOfLine();
  if (rest.empty())
    return fail(start, "expected operands after '" + word.str() + "'");
  if (word == ".target") {
    module.target = rest.split(',').first.trim().str();
  } else if (word == ".file") {
    auto [index, name] = rest.split(' ');
    unsigned number;
    if (index.trim().getAsInteger(10, number))
      return fail(start, "expected a file number after '.file'");
    name = name.split(',').first.trim();
    if (name.size() < 2 || !name.starts_with("\""))
      return fail(start, "expected a quoted file name after '.file'");
    module.files[number] = name.drop_front().drop_back().str();
  } else if (word == ".loc") {
    llvm::SmallVector<StringRef, 4> fields;
    rest.split(',').first.split(fields, ' ', -1, /*KeepEmpty=*/false);
    DebugLoc parsed;
    if (fields.size() < 3 || fields[0].getAsInteger(10, parsed.file) ||
        fields[1].getAsInteger(10, parsed.line) ||
        fields[2].getAsInteger(10, parsed.column))
      return fail(start, "expected '.loc FILE LINE COLUMN'");
    // `, function_name LABEL, inlined_at F L C`
    llvm::SmallVector<StringRef, 4> clauses;
    rest.split(clauses, ',');
    for (StringRef clause : llvm::drop_begin(clauses)) {
      clause = clause.trim();
      if (clause.consume_front("function_name")) {
        StringRef label = clause.trim();
        if (!label.empty())
          parsed.inlinedScope =
              inlinedScopes.try_emplace(label, inlinedScopes.size() + 1)
                  .first->second;
      }
    }
    loc = parsed;
  }
  return true;
}

/// `.section NAME { ... }`: DWARF data, skipped.
bool Parser::parseSection(TextPosition start) {
  while (!scanner.atEnd() && scanner.peek() != '{' && scanner.peek() != '\n')
    scanner.advance();
  scanner.skipSpace();
  if (scanner.peek() != '{')
    return fail(start, "expected '{' after '.section'");
  while (!scanner.atEnd() && scanner.peek() != '}') {
    if (!scanner.skipSpace())
      return fail(scanner.here(), "unterminated /* comment");
    if (!scanner.atEnd() && scanner.peek() != '}')
      scanner.advance();
  }
  if (scanner.atEnd())
    return fail(start, "unterminated '.section': expected '}'");
  scanner.advance();
  return true;
}

bool Parser::parseDeclarationOrFunction(TextPosition start,
                                        std::string prefix) {
  // Linkage words may precede `.entry`/`.func`.
  StringRef word = prefix;
  std::string head = prefix;
  while (word == ".visible" || word == ".extern" || word == ".weak") {
    scanner.skipSpace();
    word = scanner.directiveWord();
    head += " " + word.str();
    if (word.empty())
      return fail(scanner.here(), "expected a declaration after '" + prefix +
                                      "'");
  }
  if (word == ".entry" || word == ".func")
    return parseFunction(start, word == ".entry");
  std::string rest;
  if (!scanner.untilSemicolon(rest))
    return fail(start, "expected ';' to end the declaration");
  if (StringRef(head).contains(".shared"))
    recordShared(head + " " + rest);
  return true;
}

/// Records `[.extern] .shared [.align N] .TYPE name[SIZE]`.
void Parser::recordShared(StringRef declaration) {
  llvm::SmallVector<StringRef, 8> words;
  declaration.split(words, ' ', -1, /*KeepEmpty=*/false);
  SharedSymbol symbol;
  symbol.isExtern = declaration.contains(".extern");
  uint64_t elementSize = 1;
  bool alignNext = false;
  for (StringRef w : words) {
    w = w.trim();
    if (alignNext) {
      alignNext = false;
      uint64_t align;
      if (!w.getAsInteger(10, align) && align > 0)
        symbol.align = align;
      continue;
    }
    if (w == ".align") {
      alignNext = true;
      continue;
    }
    if (w.starts_with(".")) {
      unsigned bits;
      if (w.size() > 2 && !w.drop_front(2).getAsInteger(10, bits) &&
          StringRef("busf").contains(w[1]))
        elementSize = std::max(1u, bits / 8);
      continue;
    }
    if (w.empty() || !isIdentStart(w.front()))
      continue;
    auto [name, dims] = w.split('[');
    symbol.name = name.split('=').first.trim().str();
    uint64_t count = 1;
    StringRef d = dims;
    while (!d.empty()) {
      auto [number, after] = d.split(']');
      uint64_t n;
      if (number.trim().getAsInteger(10, n)) {
        count = 0;
        break;
      }
      count *= n;
      d = after.ltrim('[');
    }
    // A scalar byte is a base, not a buffer: Mosaic GPU (through LLVM's
    // NVPTX back end) declares its dynamic shared memory as `.shared .align
    // 16 .b8 __dynamic_shmem__0;` and addresses kilobytes past it. Its size
    // is the launch's, which the PTX does not state.
    if (count != 0 && !(dims.empty() && elementSize == 1))
      symbol.size = count * elementSize;
    break;
  }
  if (!symbol.name.empty())
    module.sharedSymbols.push_back(std::move(symbol));
}

bool Parser::parseFunction(TextPosition start, bool isEntry) {
  Function function;
  function.isEntry = isEntry;
  function.position = start;
  scanner.skipSpace();
  // `.func (.reg .b32 retval) name (...)`: skip the return parameters.
  if (scanner.peek() == '(') {
    std::string ignored;
    while (!scanner.atEnd() && scanner.peek() != ')')
      scanner.advance();
    if (scanner.atEnd())
      return fail(start, "expected ')' after the return parameters");
    scanner.advance();
    scanner.skipSpace();
  }
  function.name = scanner.word().str();
  if (function.name.empty())
    return fail(scanner.here(), "expected a function name");
  if (!scanner.skipSpace())
    return fail(scanner.here(), "unterminated /* comment");
  if (scanner.peek() == '(') {
    TextPosition open = scanner.here();
    scanner.advance();
    std::string params;
    while (!scanner.atEnd() && scanner.peek() != ')') {
      if (scanner.peek() == '/' && !scanner.skipSpace())
        return fail(scanner.here(), "unterminated /* comment");
      if (scanner.atEnd() || scanner.peek() == ')')
        break;
      params += scanner.peek();
      scanner.advance();
    }
    if (scanner.atEnd())
      return fail(open, "expected ')' to close the parameter list of '" +
                            function.name + "'");
    scanner.advance();
    for (const std::string &param : splitOperands(params)) {
      StringRef name = StringRef(param).rsplit(' ').second;
      if (name.empty())
        name = StringRef(param);
      function.parameters.push_back(name.split('[').first.trim().str());
    }
  }
  // Performance directives (.reqntid 128, .maxnreg 255, ...) until `{`.
  while (true) {
    if (!scanner.skipSpace())
      return fail(scanner.here(), "unterminated /* comment");
    if (scanner.atEnd())
      return fail(start, "expected the body of function '" + function.name +
                             "'");
    char c = scanner.peek();
    if (c == ';') {
      scanner.advance();
      return true; // a prototype
    }
    if (c == '{')
      break;
    if (c != '.')
      return fail(scanner.here(), "expected '{' to start the body of '" +
                                      function.name + "'");
    StringRef directive = scanner.directiveWord();
    // A directive's operands (`.maxntid 384, 1, 1`; `.noreturn` has none)
    // end at the next directive, `;`, `{` or the end of the line: Triton and
    // nvcc write `.noreturn;` after an extern prototype's parameter list.
    scanner.skipSpace(/*stopAtNewline=*/true);
    StringRef rest = scanner.directiveOperands();
    if (directive == ".maxntid" || directive == ".reqntid") {
      // `.maxntid 384, 1, 1` (missing dimensions are 1).
      llvm::SmallVector<StringRef, 3> dims;
      rest.split(dims, ',');
      unsigned shape[3] = {1, 1, 1};
      bool ok = !dims.empty() && dims.size() <= 3;
      for (unsigned d = 0; ok && d != dims.size(); ++d)
        ok = !dims[d].trim().getAsInteger(10, shape[d]) && shape[d] > 0;
      if (ok) {
        for (unsigned d = 0; d != 3; ++d)
          function.maxThreads[d] = shape[d];
        function.requiredThreads = directive == ".reqntid";
      }
    }
  }
  TextPosition open = scanner.here();
  scanner.advance();
  if (!parseBody(function, open))
    return false;
  module.functions.push_back(std::move(function));
  return true;
}

bool Parser::parseBody(Function &function, TextPosition open) {
  function.scopeParents.push_back(0);
  std::vector<std::pair<unsigned, TextPosition>> scopes = {{0, open}};
  scopedRegisters.clear();
  scopedRegisters.emplace_back(0, llvm::StringMap<std::string>());
  while (true) {
    if (!scanner.skipSpace())
      return fail(scanner.here(), "unterminated /* comment");
    if (scanner.atEnd())
      return fail(scopes.back().second,
                  "unterminated " +
                      std::string(scopes.size() == 1 ? "function" : "scope") +
                      " '" + function.name + "': expected '}'");
    TextPosition start = scanner.here();
    char c = scanner.peek();
    if (c == '{') {
      scanner.advance();
      unsigned id = function.scopeParents.size();
      function.scopeParents.push_back(scopes.back().first);
      scopes.push_back({id, start});
      scopedRegisters.emplace_back(id, llvm::StringMap<std::string>());
      continue;
    }
    if (c == '}') {
      scanner.advance();
      scopes.pop_back();
      scopedRegisters.pop_back();
      if (scopes.empty())
        return true;
      continue;
    }
    if (c == '.') {
      StringRef word = scanner.directiveWord();
      if (!parseBodyDirective(function, word, start))
        return false;
      continue;
    }
    if (!parseStatement(function, scopes.back().first))
      return false;
  }
}

/// The declaration directives of a function body.
static bool isBodyDeclaration(StringRef word) {
  return llvm::StringSwitch<bool>(word)
      .Cases({".reg", ".shared", ".local", ".param", ".const", ".global",
              ".pragma", ".align", ".branchtargets", ".calltargets",
              ".callprototype", ".tex", ".surfref", ".texref", ".samplerref"},
             true)
      .Default(false);
}

bool Parser::parseBodyDirective(Function &function, StringRef word,
                                TextPosition start) {
  if (word == ".loc" || word == ".file")
    return parseLineDirective(word, start);
  if (!isBodyDeclaration(word))
    return fail(start, "unknown directive '" + word.str() +
                           "' in the body of '" + function.name + "'");
  std::string rest;
  if (!scanner.untilSemicolon(rest))
    return fail(start, "expected ';' to end '" + word.str() + "'");
  if (word == ".shared")
    recordShared(".shared " + rest);
  if (word == ".reg")
    declareScoped(rest);
  return true;
}

bool Parser::parseStatement(Function &function, unsigned scope) {
  TextPosition start = scanner.here();
  Instruction inst;
  inst.position = start;
  inst.loc = loc;
  inst.scope = scope;
  if (scanner.peek() == '@') {
    scanner.advance();
    if (scanner.peek() == '!') {
      inst.negated = true;
      scanner.advance();
    }
    inst.predicate = scanner.word().str();
    if (inst.predicate.empty())
      return fail(start, "expected a predicate register after '@'");
    scanner.skipSpace();
  } else if (isIdentStart(scanner.peek())) {
    // A label: an identifier followed by a single ':'.
    size_t save = scanner.pos;
    unsigned saveLine = scanner.line, saveColumn = scanner.column;
    StringRef name = scanner.word();
    if (scanner.peek() == ':' && scanner.peek(1) != ':' &&
        !name.contains('.')) {
      scanner.advance();
      function.labels.push_back(
          {name.str(), scope,
           static_cast<unsigned>(function.instructions.size()), start});
      return true;
    }
    scanner.pos = save;
    scanner.line = saveLine;
    scanner.column = saveColumn;
  }
  if (!llvm::isAlpha(scanner.peek())) {
    TextPosition here = scanner.here();
    return fail(here, "expected an instruction, found '" +
                          scanner.restOfLine().take_front(40).str() + "'");
  }
  inst.opcode = scanner.word().str();
  std::string rest;
  TextPosition operandsStart = scanner.here();
  if (!scanner.untilSemicolon(rest))
    return fail(operandsStart.line ? start : start,
                "expected ';' to end '" + inst.opcode + "'");
  inst.operands = splitOperands(rest);
  if (llvm::any_of(scopedRegisters,
                   [](const auto &scope) { return !scope.second.empty(); })) {
    for (std::string &operand : inst.operands)
      operand = renameScoped(operand);
    if (!inst.predicate.empty())
      inst.predicate = renameScoped(inst.predicate);
  }
  function.instructions.push_back(std::move(inst));
  return true;
}

} // namespace

bool proxyfence::ptx::readModule(StringRef path, StringRef text,
                                 Module &module, ReadError &error) {
  module.path = path.str();
  module.text = text.str();
  module.lineStarts.push_back(0);
  for (size_t i = 0, e = text.size(); i != e; ++i)
    if (text[i] == '\n' && i + 1 < e)
      module.lineStarts.push_back(i + 1);
  if (text.trim().empty()) {
    error = {{1, 1, 0}, "empty file: expected PTX"};
    return false;
  }
  Parser parser(path, module, error);
  return parser.parseModule();
}
