// The PTX of every fence kind assembles with ptxas for sm_90a and sm_100a.
// REQUIRES: ptxas
// RUN: proxyfence-translate --mlir-to-ptx --chip=sm_90a %s -o %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin
// RUN: proxyfence-translate --mlir-to-ptx --chip=sm_100a %s -o %t.sm100.ptx
// RUN: %ptxas -arch=sm_100a %t.sm100.ptx -o %t.sm100.cubin
// RUN: test -s %t.sm90.cubin && test -s %t.sm100.cubin
llvm.func @fences(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
  %t = builtin.unrealized_conversion_cast %p : !llvm.ptr<1> to !tt.ptr<i8>
  ttng.fence_async_shared {bCluster = false}
  ttng.fence_async_shared {bCluster = true}
  ttng.fence {scope = "gpu"}
  ttng.fence {scope = "sys"}
  ttng.fence_mbarrier_init_release_cluster
  ttng.tensormap_fenceproxy_acquire %t : !tt.ptr<i8>
  llvm.return
}
