// Bug: generic reads, then a TMA load into the same bytes, with no fence. One
// warpgroup runs a K loop: thread 0 TMA-loads the A tile of step k, every warp
// reads it with ldmatrix into registers, the CTA meets at __syncthreads, and
// step k+1's TMA load overwrites the tile. The ldmatrix reads are generic-
// proxy reads; the TMA load is an async-proxy write: WAR across proxies.
// FIXED: every thread fences before the barrier that ends the step.
#include "common.cuh"

__global__ void __launch_bounds__(128)
    mainloop(const __grid_constant__ TensorMap a, float *out, int ktiles) {
  __shared__ alignas(128) uint16_t tileA[64 * 64];
  __shared__ alignas(8) uint64_t full;
  if (threadIdx.x == 0) {
    mbarInit(&full, 1);
    mbarInitFence();
  }
  __syncthreads();
  uint32_t acc = 0;
  for (int k = 0; k < ktiles; ++k) {
    if (threadIdx.x == 0) {
      mbarExpectTx(&full, sizeof(tileA));
      tmaLoad2d(tileA, &a, &full, k * 64, blockIdx.x * 64);
    }
    mbarWait(&full, k & 1);
    uint32_t r0, r1, r2, r3;
    const uint16_t *row = tileA + (threadIdx.x % 64) * 64 + (threadIdx.x / 64) * 8;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(smem(row))
                 : "memory");
    acc += r0 ^ r1 ^ r2 ^ r3;
#ifdef FIXED
    fenceProxyAsync();
#endif
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = static_cast<float>(acc);
}
