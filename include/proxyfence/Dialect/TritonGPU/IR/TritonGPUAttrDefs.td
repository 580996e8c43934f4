//===- TritonGPUAttrDefs.td - ttg layout attributes --------*- tablegen -*-===//
//
// Layout encodings. proxyfence needs only their identity and a few fields
// (shared-memory swizzle, element width); the rest must round-trip exactly.
// Each encoding keeps its `key = value` fields in source order and verifies
// the keys Triton requires and accepts.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUATTRDEFS_TD
#define PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUDialect.td"

/// A layout attribute whose body is an ordered list of `key = value` fields,
/// printed inside `<{...}>` (braced = 1) or `<...>` (braced = 0).
class PF_LayoutAttr<Dialect dialect, string name, string attrMnemonic,
                    bit braced = 1, list<Trait> traits = []>
    : AttrDef<dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let parameters = (ins
    ArrayRefParameter<"::mlir::NamedAttribute", "fields, in source order">:$fields);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  bit isBraced = braced;
  let extraClassDeclaration = [{
    /// The value of field `key`, or null.
    ::mlir::Attribute getField(::llvm::StringRef key) const {
      for (const ::mlir::NamedAttribute &field : getFields())
        if (field.getName() == key)
          return field.getValue();
      return {};
    }
    /// Integer field `key`, or `fallback` when absent.
    int64_t getIntField(::llvm::StringRef key, int64_t fallback = 0) const {
      if (auto attr = ::llvm::dyn_cast_if_present<::mlir::IntegerAttr>(getField(key)))
        return attr.getInt();
      if (auto attr = ::llvm::dyn_cast_if_present<::mlir::BoolAttr>(getField(key)))
        return attr.getValue();
      return fallback;
    }
  }];
  let extraClassDefinition = [{
    ::mlir::Attribute $cppClass::parse(::mlir::AsmParser &parser, ::mlir::Type) {
      ::llvm::SMLoc loc = parser.getCurrentLocation();
      ::llvm::SmallVector<::mlir::NamedAttribute> fields;
      if (::mlir::failed(::proxyfence::ttg::parseLayoutFields(parser, }] #
        !if(braced, "true", "false") # [{, fields)))
        return {};
      return getChecked([&] { return parser.emitError(loc); },
                        parser.getContext(), fields);
    }
    void $cppClass::print(::mlir::AsmPrinter &printer) const {
      ::proxyfence::ttg::printLayoutFields(printer, }] #
        !if(braced, "true", "false") # [{, getFields());
    }
    ::mlir::LogicalResult $cppClass::verify(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        ::llvm::ArrayRef<::mlir::NamedAttribute> fields) {
      return ::proxyfence::ttg::verifyLayoutFields(emitError, "}] #
        dialect.name # "." # attrMnemonic # [{", fields);
    }
  }];
}

class TTG_LayoutAttr<string name, string attrMnemonic, list<Trait> traits = []>
    : PF_LayoutAttr<TTG_Dialect, name, attrMnemonic, 1, traits>;

def TTG_BlockedEncodingAttr : TTG_LayoutAttr<"BlockedEncoding", "blocked"> {
  let summary = "Blocked distributed layout";
  let description = [{
    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
}

def TTG_NvidiaMmaEncodingAttr : TTG_LayoutAttr<"NvidiaMmaEncoding", "nvidia_mma"> {
  let summary = "Accumulator layout of mma/wgmma";
  let description = [{
    ```mlir
    #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
    #mma1 = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
    ```
  }];
}

def TTG_DotOperandEncodingAttr : TTG_LayoutAttr<"DotOperandEncoding", "dot_op"> {
  let summary = "Register layout of a dot operand";
  let description = [{
    ```mlir
    #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
    ```
  }];
}

def TTG_SliceEncodingAttr : TTG_LayoutAttr<"SliceEncoding", "slice"> {
  let summary = "A parent layout with one dimension removed";
  let description = [{
    ```mlir
    #ttg.slice<{dim = 1, parent = #mma}>
    ```
  }];
}

def TTG_LinearEncodingAttr : TTG_LayoutAttr<"LinearEncoding", "linear"> {
  let summary = "Linear layout given by its bases";
  let description = [{
    ```mlir
    #linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
    ```
  }];
}

def TTG_GenericLinearEncodingAttr
    : TTG_LayoutAttr<"GenericLinearEncoding", "generic_linear"> {
  let summary = "Linear layout that need not be a permutation (newer Triton, TLX)";
  let description = [{
    Like `#ttg.linear`, with bases that may swizzle warps or repeat
    elements. Printed inline (no alias).

    ```mlir
    #generic = #ttg.generic_linear<{register = [], lane = [[1], [2], [4], [8]], warp = [[3]], block = []}>
    ```
  }];
}

def TTG_NVMMASharedEncodingAttr
    : TTG_LayoutAttr<"NVMMASharedEncoding", "nvmma_shared"> {
  let summary = "Shared-memory layout for TMA and wgmma/tcgen05 operands";
  let description = [{
    ```mlir
    #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 5}>
    ```
  }];
}

def TTG_SwizzledSharedEncodingAttr
    : TTG_LayoutAttr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "Swizzled shared-memory layout";
  let description = [{
    ```mlir
    #shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
    ```
  }];
}

def TTG_PartitionedSharedEncodingAttr
    : TTG_LayoutAttr<"PartitionedSharedEncoding", "partitioned_shared"> {
  let summary = "A shared layout split into pieces over several buffers";
  let description = [{
    `numPartitions * numGroups` pieces along `partitionDim`, each laid out
    by `partitionLayout`, spread over `numPartitions` physical buffers.

    ```mlir
    #partitioned = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #shared_inner}>
    ```
  }];
}

def TTG_SharedLinearEncodingAttr
    : AttrDef<TTG_Dialect, "SharedLinearEncoding"> {
  let mnemonic = "shared_linear";
  let summary = "Shared-memory layout given by the bases of a linear layout";
  let description = [{
    Triton prints the bases in braces and the alignment after them; older
    printers put `alignment` inside the braces. Both spellings round-trip as
    written.

    ```mlir
    #shared = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::NamedAttribute", "fields in the braces">:$fields,
    ArrayRefParameter<"::mlir::NamedAttribute", "fields after them">:$trailing);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_PaddedSharedEncodingAttr
    : AttrDef<TTG_Dialect, "PaddedSharedEncoding"> {
  let mnemonic = "padded_shared";
  let summary = "Shared-memory layout with padding after every interval";
  let description = [{
    `[interval:+padding, ...]`: after every `interval` elements, `padding`
    elements are skipped (both powers of two); then the linear component,
    as `order`/`shape` or as `offset`/`block` bases.

    ```mlir
    #shared = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [16, 16]}>
    #shared1 = #ttg.padded_shared<[512:+16] {offset = [[0, 1], [0, 2]], block = []}>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned", "intervals, in elements">:$intervals,
    ArrayRefParameter<"unsigned", "paddings, in elements">:$paddings,
    ArrayRefParameter<"::mlir::NamedAttribute", "linear component">:$fields);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Elements a buffer of `numElements` elements occupies with its
    /// padding (an upper bound: the padding after the last interval is
    /// counted too).
    int64_t getPaddedNumElements(int64_t numElements) const;
  }];
}

def TTG_SharedMemorySpaceAttr : AttrDef<TTG_Dialect, "SharedMemorySpace"> {
  let mnemonic = "shared_memory";
  let summary = "The shared-memory address space of a memdesc";
  let description = [{
    ```mlir
    #smem = #ttg.shared_memory
    !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
}

#endif // PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUATTRDEFS_TD
