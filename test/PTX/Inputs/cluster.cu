// A cluster of two CTAs whose TMA loads write the shared memory of both:
// CASE_MULTICAST, a .multicast::cluster load issued by CTA 0 into buf of
// every CTA; CASE_MAPA, a load CTA 0 issues into CTA 1's buf through mapa.
// Every CTA first writes its own buf through the generic proxy, and the
// cluster barrier publishes that to CTA 0. FENCED orders it with the
// cluster fence before the barrier; CTA_FENCE uses the CTA fence instead
// (too narrow); LATE_FENCE puts the cluster fence in the issuing thread
// after the barrier (too late for CTA 1's writes). CASE_REMOTE_STORE: every
// CTA also writes the peer's buf through mapa and st.shared::cluster (a
// generic access of another CTA's memory), and each CTA then TMA-loads its
// own buf: only a cluster fence orders the peer's store against that load,
// so CTA_FENCE is too narrow there.
#include <cstdint>

__device__ __forceinline__ uint32_t sharedAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__global__ void __cluster_dims__(2, 1, 1)
kernel(const __grid_constant__ uint64_t tmap, float *out, float x) {
  __shared__ alignas(128) float buf[32 * 32];
  __shared__ alignas(8) uint64_t full;
  unsigned t = threadIdx.x;
  uint32_t rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  if (t == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;"
                 ::"r"(sharedAddress(&full)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  for (unsigned i = t; i < 32 * 32; i += blockDim.x)
    buf[i] = x * i;
#if defined(CASE_REMOTE_STORE)
  {
    uint32_t peer;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
                 : "=r"(peer) : "r"(sharedAddress(&buf[t])), "r"(rank ^ 1));
    asm volatile("st.shared::cluster.f32 [%0], %1;" ::"r"(peer), "f"(x)
                 : "memory");
  }
#endif
#if defined(FENCED)
  asm volatile("fence.proxy.async.shared::cluster;" ::: "memory");
#elif defined(CTA_FENCE)
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  asm volatile("barrier.cluster.arrive.release.aligned;\n\t"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
#if defined(CASE_MULTICAST)
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;"
                 ::"r"(sharedAddress(&full)) : "memory");
    if (rank == 0) {
#ifdef LATE_FENCE
      asm volatile("fence.proxy.async.shared::cluster;" ::: "memory");
#endif
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                   "complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %2}], "
                   "[%3], %4;"
                   ::"r"(sharedAddress(buf)), "l"(&tmap), "r"(0),
                   "r"(sharedAddress(&full)), "h"(uint16_t(0x3))
                   : "memory");
    }
  }
#elif defined(CASE_REMOTE_STORE)
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;"
                 ::"r"(sharedAddress(&full)) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                 "complete_tx::bytes [%0], [%1, {%2, %2}], [%3];"
                 ::"r"(sharedAddress(buf)), "l"(&tmap), "r"(0),
                 "r"(sharedAddress(&full))
                 : "memory");
  }
#elif defined(CASE_MAPA)
  if (t == 0 && rank == 1)
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;"
                 ::"r"(sharedAddress(&full)) : "memory");
  if (t == 0 && rank == 0) {
    uint32_t peerBuf, peerFull;
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;"
                 : "=r"(peerBuf) : "r"(sharedAddress(buf)));
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;"
                 : "=r"(peerFull) : "r"(sharedAddress(&full)));
#ifdef LATE_FENCE
    asm volatile("fence.proxy.async.shared::cluster;" ::: "memory");
#endif
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                 "complete_tx::bytes [%0], [%1, {%2, %2}], [%3];"
                 ::"r"(peerBuf), "l"(&tmap), "r"(0), "r"(peerFull)
                 : "memory");
  }
#endif
  asm volatile("{\n\t.reg .pred done;\n"
               "waitFull:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n\t"
               "@!done bra waitFull;\n\t}"
               ::"r"(sharedAddress(&full)) : "memory");
  out[blockIdx.x * blockDim.x + t] = buf[t];
  asm volatile("barrier.cluster.arrive.release.aligned;\n\t"
               "barrier.cluster.wait.acquire.aligned;" ::: "memory");
}
