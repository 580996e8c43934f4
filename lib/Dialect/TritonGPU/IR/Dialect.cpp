//===- Dialect.cpp - the ttg dialect, its attributes and types ----------===//
//
// Registration, the ordered-field layout attributes, !ttg.memdesc, and the
// alias names Triton prints (#blocked, #mma, #shared, #smem, #linear).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "proxyfence/Support/AttrAliases.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::ttg;

#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"

namespace {
/// Partitions of ttg.warp_specialize see only their block arguments (in
/// Triton they live in an op that is IsolatedFromAbove), so constants a
/// pattern driver materializes or uniques stay inside them.
struct TritonGPUFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;

  bool shouldMaterializeInto(Region *region) const override {
    return isa<WarpSpecializePartitionsOp>(region->getParentOp());
  }
};
} // namespace

/// The alias names Triton's dialect gives its layouts.
static StringRef getLayoutAlias(Attribute attr) {
  if (isa<BlockedEncodingAttr>(attr))
    return "blocked";
  if (isa<NvidiaMmaEncodingAttr>(attr))
    return "mma";
  if (isSharedEncoding(attr))
    return "shared";
  if (isa<LinearEncodingAttr>(attr))
    return "linear";
  if (isa<SharedMemorySpaceAttr>(attr))
    return "smem";
  return {};
}

void TritonGPUDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"
      >();
  addInterfaces<AttrAliasInterface<getLayoutAlias>, TritonGPUFoldInterface>();
}

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"
      >();
}

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"
      >();
}

bool proxyfence::ttg::isSharedEncoding(Attribute encoding) {
  return isa_and_nonnull<NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr,
                         SharedLinearEncodingAttr, PaddedSharedEncodingAttr,
                         PartitionedSharedEncodingAttr>(encoding);
}

/// Field `key` of a shared-memory layout, or null.
static Attribute getSharedLayoutField(Attribute encoding, StringRef key) {
  return llvm::TypeSwitch<Attribute, Attribute>(encoding)
      .Case<NVMMASharedEncodingAttr, SwizzledSharedEncodingAttr,
            SharedLinearEncodingAttr, PaddedSharedEncodingAttr,
            PartitionedSharedEncodingAttr>(
          [&](auto layout) -> Attribute {
            for (const NamedAttribute &field : layout.getFields())
              if (field.getName() == key)
                return field.getValue();
            return {};
          })
      .Default([](Attribute) { return Attribute(); });
}

std::optional<SmallVector<int64_t>>
proxyfence::ttg::getIntArrayField(Attribute field) {
  auto array = dyn_cast_if_present<ArrayAttr>(field);
  if (!array)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Attribute element : array) {
    auto integer = dyn_cast<IntegerAttr>(element);
    if (!integer)
      return std::nullopt;
    values.push_back(integer.getInt());
  }
  return values;
}

SmallVector<int64_t> proxyfence::ttg::getCTASplitNum(Attribute encoding,
                                                      unsigned rank) {
  SmallVector<int64_t> split(rank, 1);
  if (!encoding)
    return split;
  // The fields name the layout's own (trailing) dimensions.
  auto assign = [&](ArrayRef<int64_t> perDim) {
    for (auto [index, factor] : llvm::enumerate(llvm::reverse(perDim)))
      if (index < rank && factor > 0)
        split[rank - 1 - index] = factor;
  };
  if (auto splitNum =
          getIntArrayField(getSharedLayoutField(encoding, "CTASplitNum"))) {
    assign(*splitNum);
    return split;
  }
  // CGALayout, or the block bases of shared_linear/padded_shared.
  auto bases = dyn_cast_if_present<ArrayAttr>(
      getSharedLayoutField(encoding, "CGALayout"));
  if (!bases)
    bases = dyn_cast_if_present<ArrayAttr>(
        getSharedLayoutField(encoding, "block"));
  if (!bases || bases.empty())
    return split;
  SmallVector<int64_t> perDim;
  for (Attribute basisAttr : bases) {
    std::optional<SmallVector<int64_t>> basis = getIntArrayField(basisAttr);
    if (!basis)
      return SmallVector<int64_t>(rank, 1);
    if (perDim.empty())
      perDim.assign(basis->size(), 1);
    for (auto [dim, component] : llvm::enumerate(*basis))
      if (component != 0 && dim < perDim.size()) {
        perDim[dim] *= 2;
        break;
      }
  }
  assign(perDim);
  return split;
}

//===----------------------------------------------------------------------===//
// Layout fields
//===----------------------------------------------------------------------===//

/// `key = value`, appended to `fields`; the key may be quoted.
static ParseResult parseField(AsmParser &parser,
                              SmallVectorImpl<NamedAttribute> &fields) {
  std::string key;
  Attribute value;
  if (parser.parseKeywordOrString(&key) || parser.parseEqual() ||
      parser.parseAttribute(value))
    return failure();
  fields.emplace_back(StringAttr::get(parser.getContext(), key), value);
  return success();
}

LogicalResult proxyfence::ttg::parseLayoutFields(
    AsmParser &parser, bool braced, SmallVectorImpl<NamedAttribute> &fields) {
  // `#ttng.tensor_memory_scales_encoding` may be written without a body.
  if (failed(parser.parseOptionalLess()))
    return success();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  if (braced && parser.parseLBrace())
    return failure();
  auto field = [&] { return parseField(parser, fields); };
  if (braced) {
    if (failed(parser.parseOptionalRBrace()) &&
        (parser.parseCommaSeparatedList(field) || parser.parseRBrace()))
      return failure();
  } else if (parser.parseCommaSeparatedList(field)) {
    return failure();
  }
  return parser.parseGreater();
}

/// `key = value`; an i64 integer prints without its type, as it parses.
static void printField(AsmPrinter &printer, const NamedAttribute &field) {
  printer.printKeywordOrString(field.getName().getValue());
  printer << " = ";
  auto integer = dyn_cast<IntegerAttr>(field.getValue());
  if (integer && integer.getType().isInteger(64))
    printer.printAttributeWithoutType(integer);
  else
    printer.printAttribute(field.getValue());
}

void proxyfence::ttg::printLayoutFields(AsmPrinter &printer, bool braced,
                                        ArrayRef<NamedAttribute> fields) {
  printer << "<";
  if (braced)
    printer << "{";
  llvm::interleaveComma(fields, printer, [&](const NamedAttribute &field) {
    printField(printer, field);
  });
  if (braced)
    printer << "}";
  printer << ">";
}

namespace {
struct LayoutKeys {
  StringRef name;
  ArrayRef<StringRef> required;
  ArrayRef<StringRef> optional;
};
} // namespace

/// Keys Triton's parsers accept, per layout. CTA-layout keys are optional
/// everywhere they appear (printed only for multi-CTA kernels).
static const LayoutKeys *lookupLayoutKeys(StringRef name) {
  static const StringRef cta[] = {"CTAsPerCGA", "CTASplitNum", "CTAOrder",
                                  "CGALayout"};
  static const StringRef blocked[] = {"sizePerThread", "threadsPerWarp",
                                      "warpsPerCTA", "order"};
  // Triton's parser defaults versionMinor to 0 when it is absent.
  static const StringRef mma[] = {"versionMajor", "warpsPerCTA"};
  static const StringRef mmaOpt[] = {"versionMinor", "instrShape",
                                     "CTAsPerCGA",   "CTASplitNum",
                                     "CTAOrder",     "CGALayout"};
  static const StringRef dotOp[] = {"opIdx", "parent"};
  static const StringRef dotOpOpt[] = {"kWidth"};
  static const StringRef slice[] = {"dim", "parent"};
  static const StringRef linear[] = {"register", "lane", "warp", "block"};
  static const StringRef nvmma[] = {"swizzlingByteWidth", "transposed",
                                    "elementBitWidth"};
  static const StringRef nvmmaOpt[] = {"fp4Padded",   "rank",
                                       "CTAsPerCGA",  "CTASplitNum",
                                       "CTAOrder",    "CGALayout"};
  static const StringRef swizzled[] = {"vec", "perPhase", "maxPhase",
                                       "order"};
  static const StringRef partitioned[] = {"numPartitions", "numGroups",
                                          "partitionDim", "partitionLayout"};
  static const StringRef sharedLinear[] = {"offset"};
  static const StringRef sharedLinearOpt[] = {"block", "alignment"};
  static const StringRef paddedOpt[] = {"order", "shape", "offset", "block",
                                        "CGALayout"};
  static const StringRef tmem[] = {"blockM", "blockN"};
  static const StringRef tmemOpt[] = {"colStride", "unpacked", "CTASplitM",
                                      "CTASplitN", "twoCTAs", "fp4Padded",
                                      "CGALayout"};
  static const StringRef scalesOpt[] = {"CTASplitM", "CTASplitN",
                                        "CGALayout", "blockRepOrder"};
  static const LayoutKeys table[] = {
      {"ttg.blocked", blocked, cta},
      {"ttg.nvidia_mma", mma, mmaOpt},
      {"ttg.dot_op", dotOp, dotOpOpt},
      {"ttg.slice", slice, {}},
      {"ttg.linear", linear, {}},
      {"ttg.generic_linear", linear, {}},
      {"ttg.nvmma_shared", nvmma, nvmmaOpt},
      {"ttg.swizzled_shared", swizzled, cta},
      {"ttg.partitioned_shared", partitioned, {}},
      {"ttg.shared_linear", sharedLinear, sharedLinearOpt},
      {"ttg.padded_shared", {}, paddedOpt},
      {"ttng.tensor_memory_encoding", tmem, tmemOpt},
      {"ttng.tensor_memory_scales_encoding", {}, scalesOpt},
  };
  for (const LayoutKeys &keys : table)
    if (keys.name == name)
      return &keys;
  return nullptr;
}

LogicalResult proxyfence::ttg::verifyLayoutFields(
    function_ref<InFlightDiagnostic()> emitError, StringRef name,
    ArrayRef<NamedAttribute> fields) {
  const LayoutKeys *keys = lookupLayoutKeys(name);
  if (!keys)
    return emitError() << "no key table for layout #" << name;
  llvm::StringSet<> seen;
  for (const NamedAttribute &field : fields) {
    StringRef key = field.getName().getValue();
    if (!seen.insert(key).second)
      return emitError() << "#" << name << ": key '" << key
                         << "' given twice";
    if (!llvm::is_contained(keys->required, key) &&
        !llvm::is_contained(keys->optional, key))
      return emitError() << "#" << name << ": unknown key '" << key << "'";
  }
  for (StringRef key : keys->required)
    if (!seen.contains(key))
      return emitError() << "#" << name << ": missing key '" << key << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.shared_linear and #ttg.padded_shared (syntax beyond key = value)
//===----------------------------------------------------------------------===//

/// `, key = value` pairs up to the closing `>`.
static ParseResult parseTrailingFields(AsmParser &parser,
                                       SmallVectorImpl<NamedAttribute> &out) {
  while (succeeded(parser.parseOptionalComma()))
    if (parseField(parser, out))
      return failure();
  return parser.parseGreater();
}

/// `{key = value, ...}`, the braces included.
static ParseResult parseBracedFields(AsmParser &parser,
                                     SmallVectorImpl<NamedAttribute> &out) {
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  if (parser.parseCommaSeparatedList(
          [&] { return parseField(parser, out); }))
    return failure();
  return parser.parseRBrace();
}

static void printBracedFields(AsmPrinter &printer,
                              ArrayRef<NamedAttribute> fields) {
  printer << "{";
  llvm::interleaveComma(fields, printer, [&](const NamedAttribute &field) {
    printField(printer, field);
  });
  printer << "}";
}

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<NamedAttribute> fields, trailing;
  if (parser.parseLess() || parseBracedFields(parser, fields) ||
      parseTrailingFields(parser, trailing))
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), fields, trailing);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printBracedFields(printer, getFields());
  for (const NamedAttribute &field : getTrailing()) {
    printer << ", ";
    printField(printer, field);
  }
  printer << ">";
}

LogicalResult SharedLinearEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<NamedAttribute> fields, ArrayRef<NamedAttribute> trailing) {
  SmallVector<NamedAttribute> all(fields);
  all.append(trailing.begin(), trailing.end());
  return verifyLayoutFields(emitError, "ttg.shared_linear", all);
}

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<unsigned> intervals, paddings;
  SmallVector<NamedAttribute> fields;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval, padding;
    if (parser.parseInteger(interval) || parser.parseColon() ||
        parser.parsePlus() || parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parsePair))
    return {};
  if (succeeded(parser.parseOptionalGreater()))
    return getChecked([&] { return parser.emitError(loc); },
                      parser.getContext(), intervals, paddings, fields);
  if (parseBracedFields(parser, fields) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), intervals, paddings, fields);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getIntervals(), getPaddings()), printer,
                        [&](auto pair) {
                          printer << std::get<0>(pair) << ":+"
                                  << std::get<1>(pair);
                        });
  printer << "]";
  if (!getFields().empty()) {
    printer << " ";
    printBracedFields(printer, getFields());
  }
  printer << ">";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> intervals, ArrayRef<unsigned> paddings,
    ArrayRef<NamedAttribute> fields) {
  // Triton's own checks.
  if (intervals.empty() || intervals.size() != paddings.size())
    return emitError() << "#ttg.padded_shared needs one or more "
                          "interval:+padding pairs";
  for (unsigned interval : intervals)
    if (!llvm::isPowerOf2_32(interval))
      return emitError() << "interval values must all be power of two";
  for (unsigned padding : paddings)
    if (!llvm::isPowerOf2_32(padding))
      return emitError() << "padding values must all be power of two";
  return verifyLayoutFields(emitError, "ttg.padded_shared", fields);
}

int64_t
PaddedSharedEncodingAttr::getPaddedNumElements(int64_t numElements) const {
  int64_t padded = numElements;
  for (auto [interval, padding] : llvm::zip(getIntervals(), getPaddings()))
    padded += numElements / interval * padding;
  return padded;
}

//===----------------------------------------------------------------------===//
// !ttg.memdesc
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType))
    return {};
  Attribute encoding, memorySpace;
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      mutableMemory = true;
      continue;
    }
    // An allocation shape: `3x64x64`.
    int64_t first = 0;
    OptionalParseResult intResult = parser.parseOptionalInteger(first);
    if (intResult.has_value()) {
      if (failed(*intResult))
        return {};
      allocShape.push_back(first);
      // The lexer reads `3x64x64` as the integer 3 and the identifier
      // `x64x64`.
      StringRef tail;
      if (succeeded(parser.parseOptionalKeyword(&tail))) {
        SmallVector<StringRef> dims;
        tail.split(dims, 'x');
        if (!dims.empty() && dims.front().empty())
          dims.erase(dims.begin());
        for (StringRef dim : dims) {
          int64_t value;
          if (dim.getAsInteger(10, value)) {
            parser.emitError(loc, "malformed allocation shape in memdesc");
            return {};
          }
          allocShape.push_back(value);
        }
      }
      continue;
    }
    Attribute attr;
    if (parser.parseAttribute(attr))
      return {};
    if (!encoding)
      encoding = attr;
    else if (!memorySpace)
      memorySpace = attr;
    else {
      parser.emitError(loc, "memdesc has more than an encoding and a memory "
                            "space");
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), shape, elementType, encoding,
                    memorySpace, mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  if (getMemorySpace())
    printer << ", " << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult
MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                    ArrayRef<int64_t> shape, Type elementType,
                    Attribute encoding, Attribute memorySpace,
                    bool mutableMemory, ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "memdesc must have rank >= 1";
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "memdesc dimensions must be positive";
  if (!elementType.isIntOrFloat())
    return emitError() << "memdesc element type must be an integer or float, "
                          "got "
                       << elementType;
  if (allocShape.size() < shape.size())
    return emitError() << "memdesc allocation shape has lower rank than its "
                          "shape";
  ArrayRef<int64_t> trailing = allocShape.take_back(shape.size());
  for (auto [dim, allocDim] : llvm::zip(shape, trailing))
    if (dim > allocDim)
      return emitError() << "memdesc shape exceeds its allocation shape";
  return success();
}

int64_t MemDescType::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : getShape())
    count *= dim;
  return count;
}

unsigned MemDescType::getElementBitWidth() const {
  unsigned bits = getElementType().getIntOrFloatBitWidth();
  return bits < 8 && bits != 4 ? 8 : bits;
}

/// Elements one CTA holds of `shape` in `encoding`.
static int64_t getNumElementsPerCTA(ArrayRef<int64_t> shape,
                                    Attribute encoding) {
  SmallVector<int64_t> split = getCTASplitNum(encoding, shape.size());
  int64_t count = 1;
  for (auto [dim, factor] : llvm::zip(shape, split))
    count *= std::max<int64_t>(1, dim / factor);
  return count;
}

int64_t MemDescType::getSizeInBytes() const {
  return std::max<int64_t>(1, getNumElementsPerCTA(getShape(), getEncoding()) *
                                  getElementBitWidth() / 8);
}

int64_t MemDescType::getAllocSizeInBytes() const {
  int64_t count = getNumElementsPerCTA(getAllocShape(), getEncoding());
  // A padded layout occupies its padding too.
  if (auto padded =
          dyn_cast_if_present<PaddedSharedEncodingAttr>(getEncoding()))
    count = padded.getPaddedNumElements(count);
  return std::max<int64_t>(1, count * getElementBitWidth() / 8);
}

bool MemDescType::isSharedMemory() const {
  return isa_and_nonnull<SharedMemorySpaceAttr>(getMemorySpace());
}

bool MemDescType::isTensorMemory() const {
  return getMemorySpace() &&
         getMemorySpace().getDialect().getNamespace() == "ttng";
}
