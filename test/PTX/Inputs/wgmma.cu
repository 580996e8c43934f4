// wgmma.mma_async reading tiles a generic st.shared wrote (RAW), through
// shared-memory matrix descriptors built from the tiles' addresses
// (sm_90a). FENCED adds the fence that orders it. scratch is written the
// same way but no descriptor names it: it must not be reported.
#include <cstdint>
#include <cuda_fp16.h>

// A wgmma matrix descriptor for the no-swizzle layout: start address
// (bits 0-13, 16-byte units of the 18-bit shared address), leading
// dimension byte offset (bits 16-29) and stride dimension byte offset
// (bits 32-45), both in 16-byte units.
__device__ __forceinline__ uint64_t matrixDescriptor(const void *tile,
                                                     uint32_t lbo,
                                                     uint32_t sbo) {
  uint32_t address = static_cast<uint32_t>(__cvta_generic_to_shared(tile));
  uint64_t desc = (address & 0x3FFFF) >> 4;
  desc |= static_cast<uint64_t>((lbo >> 4) & 0x3FFF) << 16;
  desc |= static_cast<uint64_t>((sbo >> 4) & 0x3FFF) << 32;
  return desc;
}

__global__ void kernel(float *out, float x) {
  __shared__ alignas(128) __half tileA[64 * 16];
  __shared__ alignas(128) __half tileB[16 * 8];
  __shared__ alignas(16) float scratch[128];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 64 * 16; i += 128)
    tileA[i] = __float2half(x * i);
  if (t < 16 * 8)
    tileB[t] = __float2half(x + t);
  scratch[t] = x;
#ifdef FENCED
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  __syncthreads();
  uint64_t descA = matrixDescriptor(tileA, 128, 256);
  uint64_t descB = matrixDescriptor(tileB, 128, 256);
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
               "{%0, %1, %2, %3}, %4, %5, 0, 1, 1, 0, 0;"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "l"(descA), "l"(descB)
               : "memory");
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  out[t] = d0 + d1 + d2 + d3 + scratch[(t + 1) % 128];
}
