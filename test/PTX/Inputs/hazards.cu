// Hazard kernels for the PTX checker: each CASE_* is one hazard of
// docs/proxy-model.md, FENCED adds the fence that orders it.
#include <cstdint>

__device__ __forceinline__ void fence() {
#ifdef FENCED
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

__global__ void kernel(const __grid_constant__ uint64_t tmap, int x) {
  __shared__ alignas(128) float buf[1024];
  __shared__ alignas(8) uint64_t bar;
  uint32_t b = static_cast<uint32_t>(__cvta_generic_to_shared(buf));
  uint32_t m = static_cast<uint32_t>(__cvta_generic_to_shared(&bar));
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(m));
#ifdef CASE_SPURIOUS
  // The init published to the async proxy by its own fence, so that the
  // proxy fence below orders nothing (CASE_INIT_FENCE leaves this out).
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
  __syncthreads();
#if defined(CASE_RAW)
  buf[threadIdx.x] = x;
  fence();
  __syncthreads();
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
               "[%0, {%1, %1}], [%2];" ::"l"(&tmap), "r"(x), "r"(b) : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
#elif defined(CASE_WAR) || defined(CASE_WAW)
#ifdef CASE_WAR
  volatile float v = buf[threadIdx.x];
  (void)v;
#else
  buf[threadIdx.x] = x;
#endif
  fence();
  __syncthreads();
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes [%0], [%1, {%2, %2}], [%3];"
               ::"r"(b), "l"(&tmap), "r"(x), "r"(m) : "memory");
#elif defined(CASE_WAIT)
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
               "[%0, {%1, %1}], [%2];" ::"l"(&tmap), "r"(x), "r"(b) : "memory");
  asm volatile("cp.async.bulk.commit_group;");
#ifdef FENCED
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
#endif
  buf[threadIdx.x] = x;
#elif defined(CASE_SPURIOUS) || defined(CASE_INIT_FENCE)
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes [%0], [%1, {%2, %2}], [%3];"
               ::"r"(b), "l"(&tmap), "r"(x), "r"(m) : "memory");
#elif defined(CASE_OVERWIDE)
  buf[threadIdx.x] = x;
  asm volatile("fence.proxy.async.shared::cluster;" ::: "memory");
  __syncthreads();
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group "
               "[%0, {%1, %1}], [%2];" ::"l"(&tmap), "r"(x), "r"(b) : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
#endif
}
