//===- NVWSAttrDefs.td - nvws types and attributes ---------*- tablegen -*-===//
//
// The aref type and the async-op enum of Triton 3.6's nvws dialect.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_NVWS_NVWSATTRDEFS_TD
#define PROXYFENCE_DIALECT_NVWS_NVWSATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "proxyfence/Dialect/NVWS/IR/NVWSDialect.td"

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

def NVWS_ArefType : TypeDef<NVWS_Dialect, "Aref"> {
  let mnemonic = "aref";
  let summary = "An asynchronous reference to one or more multi-buffered values";
  let description = [{
    `!nvws.aref<[!ttg.memdesc<3x128x64xf16, ...>, ...]>`: the first axis of
    every wrapped buffer is its stage.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$baseType);
  let assemblyFormat = "`<` $baseType `>`";
  let genVerifyDecl = 1;
}

def NVWS_AsyncOpKind : I32EnumAttr<"AsyncOp", "the async op behind an aref exit", [
  I32EnumAttrCase<"NONE", 0, "none">,
  I32EnumAttrCase<"TMALoad", 1, "tma_load">,
  I32EnumAttrCase<"TC5MMA", 2, "tc5mma">,
  I32EnumAttrCase<"TMEMCopy", 3, "tmem_copy">,
  I32EnumAttrCase<"CpAsync", 4, "cp_async">,
  I32EnumAttrCase<"WGMMA", 5, "wgmma">]> {
  let cppNamespace = "::proxyfence::nvws";
  let genSpecializedAttr = 0;
}

def NVWS_AsyncOpAttr : EnumAttr<NVWS_Dialect, NVWS_AsyncOpKind, "async_op"> {
  let assemblyFormat = "`<` $value `>`";
}

def NVWS_AsyncOpArrayAttr
    : TypedArrayAttrBase<NVWS_AsyncOpAttr, "array of #nvws.async_op">;

#endif // PROXYFENCE_DIALECT_NVWS_NVWSATTRDEFS_TD
