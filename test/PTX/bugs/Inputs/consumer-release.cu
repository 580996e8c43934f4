// Bug: consumer warps release a stage they read with ld.shared, and the
// producer's next TMA load overwrites it, with no fence between. A
// warp-specialized pipeline of STAGES stages: warp 4 (one elected thread)
// TMA-loads tiles into stage[s] and signals full[s]; warps 0-3 wait on
// full[s], read the tile with ld.shared, and arrive on empty[s]; the producer
// waits on empty[s] before loading the next tile into stage[s]. The reads are
// generic-proxy, the load an async-proxy write of the same bytes: the
// consumers must fence before their arrive (an mbarrier arrive/wait orders
// execution, not the proxies).
// FIXED: the consumers fence before arriving on empty[s].
#include "common.cuh"

#ifndef STAGES
#define STAGES 2
#endif

__global__ void __launch_bounds__(160)
    pipeline(const __grid_constant__ TensorMap in, float *out, int ktiles) {
  __shared__ alignas(128) float stage[STAGES][32 * 32];
  __shared__ alignas(8) uint64_t full[STAGES], empty[STAGES];
  unsigned warp = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s != STAGES; ++s) {
      mbarInit(&full[s], 1);
      mbarInit(&empty[s], 128);
    }
    mbarInitFence();
  }
  __syncthreads();
  if (warp == 4) {
    if (threadIdx.x == 128) {
      for (int k = 0; k < ktiles; ++k) {
        int s = k % STAGES;
        if (k >= STAGES)
          mbarWait(&empty[s], ((k / STAGES) - 1) & 1);
        mbarExpectTx(&full[s], sizeof(stage[0]));
        tmaLoad2d(stage[s], &in, &full[s], 0, k * 32);
      }
    }
    return;
  }
  float sum = 0.0f;
  for (int k = 0; k < ktiles; ++k) {
    int s = k % STAGES;
    mbarWait(&full[s], (k / STAGES) & 1);
    for (int i = threadIdx.x; i < 32 * 32; i += 128)
      sum += stage[s][i];
#ifdef FIXED
    fenceProxyAsync();
#endif
    mbarArrive(&empty[s]);
  }
  out[blockIdx.x * 128 + threadIdx.x] = sum;
}
