// Bug: cp.async (non-bulk) writes read by wgmma without a proxy fence, the
// miss of Triton 3.6's cp.async-pipelined matmul on sm_90. A K loop: every
// thread copies its 16-byte chunks of the A and B tiles with
// cp.async.cg.shared.global, waits for its groups and meets the others at
// __syncthreads; the warpgroup then runs wgmma.mma_async on the tiles through
// matrix descriptors. cp.async writes through the generic proxy; wgmma reads
// through the async proxy: a fence.proxy.async is needed in every thread
// after its cp.async.wait_group and before the barrier.
// FIXED: the fence.
#include "common.cuh"

/// A wgmma matrix descriptor, no swizzle: start address, leading and stride
/// byte offsets, each in 16-byte units.
__device__ __forceinline__ uint64_t descriptor(const void *tile, uint32_t lbo,
                                               uint32_t sbo) {
  uint64_t desc = (smem(tile) & 0x3FFFF) >> 4;
  desc |= static_cast<uint64_t>((lbo >> 4) & 0x3FFF) << 16;
  desc |= static_cast<uint64_t>((sbo >> 4) & 0x3FFF) << 32;
  return desc;
}

__global__ void __launch_bounds__(128)
    matmul(const uint16_t *a, const uint16_t *b, float *out, int ktiles) {
  __shared__ alignas(128) uint16_t tileA[64 * 16];
  __shared__ alignas(128) uint16_t tileB[16 * 8];
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  for (int k = 0; k < ktiles; ++k) {
    // 2048 bytes of A: 128 chunks of 16 bytes, one per thread; 256 of B.
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                     smem(tileA + threadIdx.x * 8)),
                 "l"(a + (k * 128 + threadIdx.x) * 8)
                 : "memory");
    if (threadIdx.x < 16)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                       smem(tileB + threadIdx.x * 8)),
                   "l"(b + (k * 16 + threadIdx.x) * 8)
                   : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
#ifdef FIXED
    fenceProxyAsync();
#endif
    __syncthreads();
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
                 "{%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                 : "l"(descriptor(tileA, 128, 256)),
                   "l"(descriptor(tileB, 128, 256))
                 : "memory");
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = d0 + d1 + d2 + d3;
}
