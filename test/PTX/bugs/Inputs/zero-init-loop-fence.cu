// Bug: the only fence sits inside a loop that can run zero times. A split-K
// style epilogue zero-initialises its staging tile, accumulates `ksplits`
// partial tiles into it (fencing after each), and TMA-stores the tile. With
// ksplits == 0 the zero-initialised tile reaches the TMA store unfenced.
// FIXED: the fence after the loop, where every path passes.
#include "common.cuh"

__global__ void __launch_bounds__(128)
    reduceTiles(const __grid_constant__ TensorMap out, const float *partials,
                int ksplits) {
  __shared__ alignas(128) float stage[32 * 32];
  for (int i = threadIdx.x; i < 32 * 32; i += 128)
    stage[i] = 0.0f;
  for (int k = 0; k < ksplits; ++k) {
    for (int i = threadIdx.x; i < 32 * 32; i += 128)
      stage[i] += partials[(k * gridDim.x + blockIdx.x) * 1024 + i];
#ifndef FIXED
    fenceProxyAsync();
#endif
  }
#ifdef FIXED
  fenceProxyAsync();
#endif
  __syncthreads();
  if (threadIdx.x == 0) {
    tmaStore2d(&out, stage, 0, blockIdx.x * 32);
    bulkCommit();
    bulkWaitRead<0>();
  }
}
