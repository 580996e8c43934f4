// Not a bug, a control: the shape that looks like "the fence is executed by
// the wrong threads". A persistent epilogue: every thread of the CTA writes
// its part of a 32x32 float staging tile with st.shared, the CTA meets at
// __syncthreads, and thread 0 alone fences and TMA-stores the tile.
// ThunderKittens' TMA stores are written this way (the fence inside
// `tma::store_async`, after the warpgroup barrier, in the issuing thread).
// The PTX memory model orders it: the writes precede the fence in base
// causality order (the barrier synchronizes the writers with thread 0), and
// the fence precedes the TMA store in thread 0's program order; the proxy
// fence belongs in the thread and CTA of the async operation, after the
// synchronization (PTX ISA #memory-consistency-model, #membar: proxy
// fences "compose with other forms of synchronization"; docs/proxy-model.md,
// Who fences). The CUDA programming guide's form (FIXED: every thread
// fences before __syncthreads) is also correct. Both check clean.
#include "common.cuh"

__global__ void __launch_bounds__(128)
    epilogue(const __grid_constant__ TensorMap out, const float *acc,
             int tiles) {
  __shared__ alignas(128) float stage[32 * 32];
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    for (int i = threadIdx.x; i < 32 * 32; i += 128)
      stage[i] = acc[tile * 1024 + i] * 0.5f;
#ifdef FIXED
    fenceProxyAsync();
#endif
    __syncthreads();
    if (threadIdx.x == 0) {
#ifndef FIXED
      fenceProxyAsync();
#endif
      tmaStore2d(&out, stage, 0, tile * 32);
      bulkCommit();
      bulkWaitRead<0>();
    }
    __syncthreads();
  }
}
