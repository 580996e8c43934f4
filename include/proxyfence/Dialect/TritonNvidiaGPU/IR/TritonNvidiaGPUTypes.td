//===- TritonNvidiaGPUTypes.td - ttng types ----------------*- tablegen -*-===//
//
// The im2col tensor descriptor.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUTYPES_TD
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

def TTNG_TensorDescIm2ColType
    : TypeDef<TTNG_Dialect, "TensorDescIm2Col"> {
  let mnemonic = "tensordesc_im2col";
  let summary = "A TMA descriptor in im2col mode (convolution patches)";
  let description = [{
    `cp.async.bulk.tensor.*.im2col`: the TMA load gathers a block of
    im2col rows; the load lists the pixel coordinates and the filter
    offsets (`offsets = [...]`, i16).

    ```mlir
    !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let extraClassDeclaration = [{
    /// The shared-memory encoding of the block (the TMA swizzle), or null.
    ::mlir::Attribute getSharedEncoding() const {
      return getBlockType().getEncoding();
    }
  }];
}

def TTNG_TensorDescIm2Col : DialectType<TTNG_Dialect,
    CPred<"::mlir::isa<::proxyfence::ttng::TensorDescIm2ColType>($_self)">,
    "im2col tensor descriptor", "::proxyfence::ttng::TensorDescIm2ColType">;

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUTYPES_TD
