// Bug: a producer role writes a staging buffer with st.shared and commits it
// (mbarrier arrive) to the epilogue warp, which waits on the barrier and
// TMA-stores the buffer, with no fence before the commit. The arrive orders
// the writers' execution for the waiting warp, not their generic writes for
// the async proxy: the fence must come before the arrive, in the writing
// threads (the shape of CUTLASS's sm100 FMHA `correction_empty` path, where
// the fence that follows the commit orders nothing for the stored bytes).
// FIXED: the writers fence before the arrive.
#include "common.cuh"

__global__ void __launch_bounds__(160)
    correction(const __grid_constant__ TensorMap out, int tiles) {
  __shared__ alignas(128) float stage[32 * 32];
  __shared__ alignas(8) uint64_t full, empty;
  unsigned warp = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    mbarInit(&full, 128);
    mbarInit(&empty, 1);
    mbarInitFence();
  }
  __syncthreads();
  if (warp == 4) {
    // The epilogue warp: one thread stores each filled buffer.
    if (threadIdx.x == 128) {
      for (int t = 0; t < tiles; ++t) {
        mbarWait(&full, t & 1);
        tmaStore2d(&out, stage, 0, t * 32);
        bulkCommit();
        bulkWaitRead<0>();
        mbarArrive(&empty);
      }
    }
    return;
  }
  for (int t = 0; t < tiles; ++t) {
    if (t > 0)
      mbarWait(&empty, (t - 1) & 1);
    // An empty tile: the output is zero-filled.
    for (int i = threadIdx.x; i < 32 * 32; i += 128)
      stage[i] = 0.0f;
#ifdef FIXED
    fenceProxyAsync();
#endif
    mbarArrive(&full);
#ifndef FIXED
    fenceProxyAsync();
#endif
  }
}
