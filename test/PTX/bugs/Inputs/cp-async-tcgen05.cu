// Bug: cp.async (non-bulk) writes read by tcgen05.mma without a proxy fence,
// the sm_100 form of Triton 3.6's cp.async-pipelined matmul miss. A K loop:
// every thread copies its 16-byte chunks of the A and B tiles with
// cp.async.cg.shared.global and waits for its groups; the CTA meets at
// __syncthreads (with the tcgen05 thread-sync fences); thread 0 issues the
// tcgen05.mma on the tiles through shared-memory descriptors and commits it
// to an mbarrier, on which every thread waits before the next step reuses
// the tiles. cp.async writes through the generic proxy, tcgen05.mma reads
// through the async proxy: each thread must fence after its
// cp.async.wait_group, before the barrier.
// FIXED: the fence.
#include "common.cuh"

/// An sm_100 shared-memory descriptor, no swizzle: start address, leading
/// and stride byte offsets (16-byte units), version 0b001 at bit 46.
__device__ __forceinline__ uint64_t descriptor(const void *tile, uint32_t lbo,
                                               uint32_t sbo) {
  uint64_t desc = (smem(tile) & 0x3FFFF) >> 4;
  desc |= static_cast<uint64_t>((lbo >> 4) & 0x3FFF) << 16;
  desc |= static_cast<uint64_t>((sbo >> 4) & 0x3FFF) << 32;
  desc |= uint64_t(1) << 46;
  return desc;
}

__global__ void __launch_bounds__(128)
    matmul(const uint16_t *a, const uint16_t *b, float *out, int ktiles) {
  __shared__ alignas(1024) uint16_t tileA[128 * 16];
  __shared__ alignas(1024) uint16_t tileB[16 * 16];
  __shared__ alignas(8) uint64_t mmaDone;
  __shared__ uint32_t tmemSlot;
  unsigned warp = threadIdx.x / 32;
  if (warp == 0) {
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 "
                 "[%0], 32;" ::"r"(smem(&tmemSlot))
                 : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;");
  }
  if (threadIdx.x == 0) {
    mbarInit(&mmaDone, 1);
    mbarInitFence();
  }
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  uint32_t tmem = *static_cast<volatile uint32_t *>(&tmemSlot);
  for (int k = 0; k < ktiles; ++k) {
    // 4096 bytes of A: two 16-byte chunks per thread; 512 of B.
    for (int c = threadIdx.x; c < 256; c += 128)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                       smem(tileA + c * 8)),
                   "l"(a + (k * 256 + c) * 8)
                   : "memory");
    if (threadIdx.x < 32)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                       smem(tileB + threadIdx.x * 8)),
                   "l"(b + (k * 32 + threadIdx.x) * 8)
                   : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
#ifdef FIXED
    fenceProxyAsync();
#endif
    asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
    __syncthreads();
    asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
    if (threadIdx.x == 0) {
      // kind::f16, D f32, N = 16, M = 128.
      uint32_t idesc = (1u << 4) | ((16u / 8) << 17) | ((128u / 16) << 24);
      asm volatile("{\n\t.reg .pred accumulate;\n\t"
                   "setp.ne.b32 accumulate, %4, 0;\n\t"
                   "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, "
                   "accumulate;\n\t}" ::"r"(tmem),
                   "l"(descriptor(tileA, 128, 256)),
                   "l"(descriptor(tileB, 128, 256)), "r"(idesc), "r"(k)
                   : "memory");
      asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one."
                   "shared::cluster.b64 [%0];" ::"r"(smem(&mmaDone))
                   : "memory");
    }
    mbarWait(&mmaDone, k & 1);
    asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  }
  uint32_t value;
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%0}, [%1];\n\t"
               "tcgen05.wait::ld.sync.aligned;"
               : "=r"(value)
               : "r"(tmem + ((warp * 32) << 16))
               : "memory");
  out[blockIdx.x * 128 + threadIdx.x] = __uint_as_float(value);
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" ::"r"(
                     tmem)
                 : "memory");
}
