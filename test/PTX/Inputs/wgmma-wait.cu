// wgmma.mma_async reads tileA and tileB through 128-byte-swizzled matrix
// descriptors (sm_90a); the kernel then overwrites tileA with generic
// stores. The reads must be complete first: wgmma.wait_group before the
// stores. Variants:
//   NOWAIT   the wait comes after the stores (a missing completion wait);
//   OTHER    with NOWAIT, the stores go to `next`, which no matrix covers;
//   TWO      two MMAs in two commit groups, the second a K step further
//            (its descriptor moved through the unpacked low half, as
//            CUTLASS does), and `wgmma.wait_group 1` before the stores:
//            the second group may still read tileA;
//   TWO with WAIT0  the same with `wgmma.wait_group 0`: complete;
//   ALIGN16  with NOWAIT, the tiles declared only 16-byte aligned: the
//            swizzle may move the first row's bytes anywhere in its
//            128-byte line, so nothing is surely read (unproven).
#ifdef ALIGN16
#define TILE_ALIGN 16
#else
#define TILE_ALIGN 1024
#endif
#include <cstdint>
#include <cuda_fp16.h>

// A K-major descriptor, 128-byte swizzle: start address (bits 0-13, in 16
// bytes), LBO 16 (unused by this layout), SBO 1024 (8 rows of 128 bytes),
// layout type 1 (bits 62-63).
__device__ __forceinline__ uint64_t swizzled(const void *tile) {
  uint32_t address = static_cast<uint32_t>(__cvta_generic_to_shared(tile));
  uint64_t desc = (address & 0x3FFFF) >> 4;
  desc |= uint64_t(1) << 16;
  desc |= uint64_t(1024 >> 4) << 32;
  desc |= uint64_t(1) << 62;
  return desc;
}

__device__ __forceinline__ void mma(float (&d)[4], uint64_t a, uint64_t b) {
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
               "{%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "l"(a), "l"(b)
               : "memory");
}

__global__ void __launch_bounds__(128) kernel(float *out, float x) {
  // A: 64 rows of 128 bytes; B: 8 rows of 128 bytes.
  __shared__ alignas(TILE_ALIGN) __half tileA[64 * 64];
  __shared__ alignas(TILE_ALIGN) __half tileB[8 * 64];
  __shared__ alignas(1024) __half next[64 * 64];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 64 * 64; i += 128)
    tileA[i] = __float2half(x * i);
  for (unsigned i = t; i < 8 * 64; i += 128)
    tileB[i] = __float2half(x + i);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  uint64_t descA = swizzled(tileA), descB = swizzled(tileB);
  float d[4] = {0, 0, 0, 0};
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  mma(d, descA, descB);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#ifdef TWO
  uint64_t descA2, descB2;
  asm volatile("{\n\t.reg .b32 %%lo, %%hi;\n\t"
               "mov.b64 {%%lo, %%hi}, %1;\n\t"
               "add.s32 %%lo, %%lo, 2;\n\t"
               "mov.b64 %0, {%%lo, %%hi};\n\t}"
               : "=l"(descA2)
               : "l"(descA));
  descB2 = descB + 2;
  mma(d, descA2, descB2);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#ifdef WAIT0
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#else
  asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
#endif
#elif !defined(NOWAIT)
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#endif
#ifdef OTHER
  __half *target = next;
#else
  __half *target = tileA;
#endif
  for (unsigned i = t; i < 64 * 64; i += 128)
    target[i] = __float2half(d[0] + i);
#if defined(NOWAIT) || (defined(TWO) && !defined(WAIT0))
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#endif
  __syncthreads();
  out[t] = d[1] + d[2] + d[3] + __half2float(tileA[(t * 7) % 4096]) +
           __half2float(next[t]);
}
