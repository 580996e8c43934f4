// tcgen05.mma reading A and B tiles that every thread wrote with st.shared
// (RAW), through sm_100 shared-memory descriptors (sm_100a). Warp 0
// allocates the tensor memory (tcgen05.alloc writes its address to
// tmemSlot), thread 0 issues the MMA and commits it to mmaDone, every
// thread waits and reads a row back, warp 0 deallocates. FENCED adds the
// fence that orders the stores before the MMA.
#include <cstdint>
#include <cuda_fp16.h>

__device__ __forceinline__ uint32_t sharedAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// An sm_100 shared-memory descriptor, no swizzle: start address (bits
// 0-13), leading and stride byte offsets (bits 16-29, 32-45), all in
// 16-byte units, and the fixed version field 0b001 at bits 46-48.
__device__ __forceinline__ uint64_t smemDescriptor(const void *tile,
                                                   uint32_t lbo,
                                                   uint32_t sbo) {
  uint64_t desc = (sharedAddress(tile) & 0x3FFFF) >> 4;
  desc |= static_cast<uint64_t>((lbo >> 4) & 0x3FFF) << 16;
  desc |= static_cast<uint64_t>((sbo >> 4) & 0x3FFF) << 32;
  desc |= uint64_t(1) << 46;
  return desc;
}

__global__ void kernel(float *out, float x) {
  __shared__ alignas(1024) __half tileA[128 * 16];
  __shared__ alignas(1024) __half tileB[16 * 16];
  __shared__ alignas(8) uint64_t mmaDone;
  __shared__ uint32_t tmemSlot;
  unsigned t = threadIdx.x;
  unsigned warp = t / 32;
  // Warp 0 allocates 32 TMEM columns; the address lands in tmemSlot.
  if (warp == 0) {
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 "
                 "[%0], 32;" ::"r"(sharedAddress(&tmemSlot)) : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;");
  }
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;"
                 ::"r"(sharedAddress(&mmaDone)) : "memory");
  for (unsigned i = t; i < 128 * 16; i += 128)
    tileA[i] = __float2half(x * i);
  for (unsigned i = t; i < 16 * 16; i += 128)
    tileB[i] = __float2half(x + i);
#ifdef FENCED
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  uint32_t tmem = *static_cast<volatile uint32_t *>(&tmemSlot);
  if (t == 0) {
    uint64_t descA = smemDescriptor(tileA, 128, 256);
    uint64_t descB = smemDescriptor(tileB, 128, 256);
    // kind::f16, D f32 (bits 4-5 = 1), A/B f16, N = 16 (bits 17-22: N/8),
    // M = 128 (bits 24-28: M/16).
    uint32_t idesc = (1u << 4) | ((16u / 8) << 17) | ((128u / 16) << 24);
    asm volatile("{\n\t.reg .pred accumulate;\n\t"
                 "setp.ne.b32 accumulate, %4, 0;\n\t"
                 "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, "
                 "accumulate;\n\t}"
                 ::"r"(tmem), "l"(descA), "l"(descB), "r"(idesc), "r"(0)
                 : "memory");
    asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one."
                 "shared::cluster.b64 [%0];"
                 ::"r"(sharedAddress(&mmaDone)) : "memory");
  }
  asm volatile("{\n\t.reg .pred done;\n"
               "waitMma:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n\t"
               "@!done bra waitMma;\n\t}"
               ::"r"(sharedAddress(&mmaDone)) : "memory");
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  uint32_t value;
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%0}, [%1];\n\t"
               "tcgen05.wait::ld.sync.aligned;"
               : "=r"(value) : "r"(tmem + ((warp * 32) << 16)) : "memory");
  out[t] = __uint_as_float(value);
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  if (warp == 0)
    asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;"
                 ::"r"(tmem) : "memory");
}
