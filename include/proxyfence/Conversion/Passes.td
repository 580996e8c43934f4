//===- Passes.td - conversions to NVVM/LLVM ----------------*- tablegen -*-===//
//
// Lowering of proxyfence's fence ops to the NVVM and LLVM dialects.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_CONVERSION_PASSES_TD
#define PROXYFENCE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ProxyFenceConvertFencesToNVVM
    : Pass<"proxyfence-convert-fences-to-nvvm", "mlir::ModuleOp"> {
  let summary = "Lower the fence ops to NVVM/LLVM (fence.proxy.async, ...)";
  let description = [{
    | op | becomes | PTX |
    |---|---|---|
    | `ttng.fence_async_shared {bCluster = false}` | `nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}` | `fence.proxy.async.shared::cta` |
    | `ttng.fence_async_shared {bCluster = true}` | same, `space = #nvvm.shared_space<cluster>` | `fence.proxy.async.shared::cluster` |
    | `ttng.fence {scope = "gpu"}` | `llvm.fence syncscope("device") acq_rel` | `fence.acq_rel.gpu` |
    | `ttng.fence {scope = "sys"}` | `llvm.fence acq_rel` | `fence.acq_rel.sys` |
    | `ttng.fence_mbarrier_init_release_cluster` | `nvvm.fence.mbarrier.init` | `fence.mbarrier_init.release.cluster` |
    | `ttng.tensormap_fenceproxy_acquire %p` | `nvvm.fence.proxy.acquire <gpu> %p, 128` | `fence.proxy.tensormap::generic.acquire.gpu [%p], 128` |

    `!tt.ptr<T, as>` operands become `!llvm.ptr<as>` (through
    `builtin.unrealized_conversion_cast`); the tensormap fence takes a
    generic pointer, so global pointers are address-space cast. Other ops
    are left alone.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
  let statistics = [
    Statistic<"numConverted", "fences-converted", "Fence ops lowered">,
  ];
}

#endif // PROXYFENCE_CONVERSION_PASSES_TD
