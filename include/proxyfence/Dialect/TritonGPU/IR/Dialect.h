//===- Dialect.h - the ttg dialect ------------------------------*- C++ -*-===//
//
// Declarations of the ttg dialect: layout attributes, !ttg.memdesc and ops.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_IR_DIALECT_H
#define PROXYFENCE_DIALECT_TRITONGPU_IR_DIALECT_H

#include "proxyfence/Dialect/Triton/IR/Dialect.h"
#include "proxyfence/Interfaces/ProxyAccess.h"

#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUDialect.h.inc"

namespace proxyfence::ttg {

/// Parses `<{key = value, ...}>` (braced) or `<key = value, ...>` into
/// `fields`, in source order; `<>` and a missing body give no fields.
mlir::LogicalResult
parseLayoutFields(mlir::AsmParser &parser, bool braced,
                  llvm::SmallVectorImpl<mlir::NamedAttribute> &fields);
void printLayoutFields(mlir::AsmPrinter &printer, bool braced,
                       llvm::ArrayRef<mlir::NamedAttribute> fields);
/// Checks the keys of layout `name` (e.g. "ttg.blocked"): every required
/// key present, no key Triton does not know, no key twice.
mlir::LogicalResult
verifyLayoutFields(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                   llvm::StringRef name,
                   llvm::ArrayRef<mlir::NamedAttribute> fields);

} // namespace proxyfence::ttg

namespace proxyfence::ttg::OpTrait {
/// A memdesc view (memdesc_index, memdesc_subslice, ...): its result is a
/// descriptor of part or all of what operand #0 views.
template <typename ConcreteOp>
class MemDescView : public mlir::OpTrait::TraitBase<ConcreteOp, MemDescView> {
};
} // namespace proxyfence::ttg::OpTrait

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUAttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.h.inc"

#define GET_OP_CLASSES
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUOps.h.inc"

namespace proxyfence::ttg {
/// True for the shared-memory layouts (nvmma_shared, swizzled_shared,
/// shared_linear, padded_shared, partitioned_shared).
bool isSharedEncoding(mlir::Attribute encoding);
/// The integers of an array layout field (`[2, 1]`), or nullopt.
std::optional<llvm::SmallVector<int64_t>>
getIntArrayField(mlir::Attribute field);
/// How many CTAs of a cluster split each of the trailing `rank` dimensions
/// of a shared-memory layout: the layout's `CTASplitNum`, or, from a
/// `CGALayout` (or `block`: bases of the block dimension), 2 to the number of bases
/// along each dimension (broadcast bases, all zero, split nothing). All 1
/// for single-CTA layouts. Triton sizes shared memory by the shape one CTA
/// holds (getShapePerCTA).
llvm::SmallVector<int64_t> getCTASplitNum(mlir::Attribute encoding,
                                          unsigned rank);
/// The ttg.warp_specialize whose default region or partition `region` is,
/// or null.
WarpSpecializeOp getWarpSpecializeOf(mlir::Region *region);
/// True when `op` is a memdesc view; its source is operand #0.
inline bool isMemDescView(mlir::Operation *op) {
  return op && op->hasTrait<OpTrait::MemDescView>();
}
} // namespace proxyfence::ttg

#endif // PROXYFENCE_DIALECT_TRITONGPU_IR_DIALECT_H
