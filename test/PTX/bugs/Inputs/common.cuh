// Helpers of the bug suite's kernels (test/PTX/bugs): the PTX a TMA /
// mbarrier kernel library emits, written out as inline asm so that each
// kernel shows exactly which proxy operations it performs. Written for this
// project; the instruction forms are those of the PTX ISA (sm_90a/sm_100a).
#pragma once
#include <cstdint>

/// A TMA tensor map as the driver encodes it (CUtensorMap: 128 bytes,
/// 64-byte aligned); passed as a `__grid_constant__` kernel parameter.
struct alignas(64) TensorMap {
  uint64_t opaque[16];
};

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void fenceProxyAsync() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// --- mbarriers -------------------------------------------------------------

__device__ __forceinline__ void mbarInit(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)),
               "r"(count)
               : "memory");
}

__device__ __forceinline__ void mbarInitFence() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void mbarArrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(bar))
               : "memory");
}

__device__ __forceinline__ void mbarExpectTx(uint64_t *bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(
                   smem(bar)),
               "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void mbarWait(uint64_t *bar, uint32_t phase) {
  asm volatile("{\n"
               ".reg .pred P1;\n"
               "WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
               "@P1 bra DONE;\n"
               "bra WAIT;\n"
               "DONE:\n"
               "}" ::"r"(smem(bar)),
               "r"(phase)
               : "memory");
}

// --- TMA ---------------------------------------------------------------------

/// A 2-D tile of the tensor `map` at (x, y) into `dst`, completing on `bar`.
__device__ __forceinline__ void tmaLoad2d(void *dst, const TensorMap *map,
                                          uint64_t *bar, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" ::"r"(smem(dst)),
               "l"(map), "r"(smem(bar)), "r"(x), "r"(y)
               : "memory");
}

/// The 2-D tile at `src` to the tensor `map` at (x, y), in a bulk group.
__device__ __forceinline__ void tmaStore2d(const TensorMap *map,
                                           const void *src, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
               "[%0, {%2, %3}], [%1];" ::"l"(map),
               "r"(smem(src)), "r"(x), "r"(y)
               : "memory");
}

/// `bytes` bytes at `src` to `dst` in global memory (non-tensor bulk copy).
__device__ __forceinline__ void bulkStore(void *dst, const void *src,
                                          uint32_t bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::
                   "l"(dst),
               "r"(smem(src)), "r"(bytes)
               : "memory");
}

/// `bytes` bytes of global `src` into `dst`, completing on `bar`.
__device__ __forceinline__ void bulkLoad(void *dst, const void *src,
                                         uint32_t bytes, uint64_t *bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
               "bytes [%0], [%1], %2, [%3];" ::"r"(smem(dst)),
               "l"(src), "r"(bytes), "r"(smem(bar))
               : "memory");
}

__device__ __forceinline__ void bulkCommit() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}

template <int N> __device__ __forceinline__ void bulkWaitRead() {
  asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(N) : "memory");
}

template <int N> __device__ __forceinline__ void bulkWait() {
  asm volatile("cp.async.bulk.wait_group %0;" ::"n"(N) : "memory");
}
