// Ring-buffer and warp-role kernels for the PTX checker's concurrency
// rules (docs/proxy-model.md, Concurrency). Each CASE_* is a correct
// pattern of real kernels (CUTLASS's TMA-store epilogue, a warp-specialized
// producer/consumer); the BROKEN_* macros make the controls: a wait
// removed or weakened, a fence removed.
#include <cstdint>

#ifndef WAIT
#define WAIT 1 // wait_group.read N before reusing a slot of a 2-slot ring
#endif

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

#if defined(CASE_STORE_RING)
// Issuer-predicated TMA-store ring (CUTLASS's epilogue): thread 0 issues
// the store, commits and waits, each behind its own branch on the same
// predicate; the other threads write slot s after the named barrier that
// follows the issuer's wait. With 2 slots, wait_group.read 1 leaves only
// the other slot's store in flight.
__global__ void store_ring(const __grid_constant__ uint64_t tmap, float x,
                           int tiles) {
  __shared__ alignas(128) float tile[2][1024];
  bool issuer = threadIdx.x == 0;
  unsigned t = threadIdx.x & 255;
  for (int k = 0; k < tiles; ++k) {
#pragma unroll
    for (int s = 0; s < 2; ++s) {
#ifndef BROKEN_NO_WAIT
      if (issuer)
        asm volatile("cp.async.bulk.wait_group.read %0;" ::"n"(WAIT)
                     : "memory");
#endif
      asm volatile("bar.sync 1, 256;" ::: "memory");
      tile[s][t] = x + k;
      tile[s][t + 256] = x - k;
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      asm volatile("bar.sync 1, 256;" ::: "memory");
      if (issuer)
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
                     "[%0, {%1, %2}], [%3];" ::"l"(&tmap),
                     "r"(k), "r"(s), "r"(smem(tile[s]))
                     : "memory");
      if (issuer)
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }
  }
  if (issuer)
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}
#endif

#if defined(CASE_ROLES)
// Two warp roles: warp 0 loads a tile with TMA (producer), warp 1 writes
// a second buffer that thread 32 then stores with TMA. The consumer's
// fence orders its writes against the store issued in its own role; the
// producer's fence, before its arrive, orders its writes of `staging`
// against the consumer role's TMA store: no single-thread path has both,
// so it must not be called spurious.
__global__ void roles(const __grid_constant__ uint64_t tmap, float x) {
  __shared__ alignas(128) float tile[1024];
  __shared__ alignas(128) float staging[1024];
  __shared__ alignas(8) uint64_t full, done;
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x & 31;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&full)));
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 32;" ::"r"(smem(&done)));
  }
  __syncthreads();
  if (warp == 0) {
    staging[lane] = x;
#ifndef BROKEN_NO_FENCE
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(&done))
                 : "memory");
    if (lane == 0) {
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;"
                   ::"r"(smem(&full)) : "memory");
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                   "complete_tx::bytes [%0], [%1, {%2, %2}], [%3];"
                   ::"r"(smem(tile)), "l"(&tmap), "r"(1), "r"(smem(&full))
                   : "memory");
    }
  } else if (warp == 1) {
    asm volatile("{\n.reg .pred p;\nwait: mbarrier.try_wait.parity.shared::cta."
                 "b64 p, [%0], 0;\n@!p bra wait;\n}" ::"r"(smem(&done))
                 : "memory");
    if (lane == 0)
      asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
                   "[%0, {%1, %1}], [%2];" ::"l"(&tmap), "r"(2),
                   "r"(smem(staging))
                   : "memory");
    if (lane == 0)
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    if (lane == 0)
      asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}
#endif
