// Bug: a tensor map in global memory is rewritten with a generic store and
// then used by TMA with no tensormap-proxy fence. A grouped kernel walks
// `groups` problems with one tensor map per CTA in a global workspace: for
// each group thread 0 points the map at the group's matrix (a generic store
// of its global-address field), then TMA-loads the group's tile through it.
// The TMA unit reads the map through the tensormap proxy: the store is
// visible to it only after fence.proxy.tensormap::generic.release by the
// writer and fence.proxy.tensormap::generic.acquire of the map by the TMA's
// thread (PTX ISA #tensormap-proxy). The kernel waits for each group's loads
// before rewriting the map, so the map is never rewritten under a TMA still
// reading it.
// FIXED: release and acquire between the store and the TMA.
#include "common.cuh"

__global__ void __launch_bounds__(128)
    grouped(TensorMap *maps, const uint64_t *bases, float *out, int groups) {
  __shared__ alignas(128) float tile[32 * 32];
  __shared__ alignas(8) uint64_t full;
  TensorMap *map = maps + blockIdx.x;
  if (threadIdx.x == 0) {
    mbarInit(&full, 1);
    mbarInitFence();
  }
  __syncthreads();
  float sum = 0.0f;
  for (int g = 0; g < groups; ++g) {
    if (threadIdx.x == 0) {
      // The global-address field of the map (its first 8 bytes here).
      asm volatile("st.global.b64 [%0], %1;" ::"l"(map), "l"(bases[g])
                   : "memory");
#ifdef FIXED
      asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
      asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(
                       map)
                   : "memory");
#endif
      mbarExpectTx(&full, sizeof(tile));
      tmaLoad2d(tile, map, &full, 0, blockIdx.x * 32);
    }
    mbarWait(&full, g & 1);
    for (int i = threadIdx.x; i < 32 * 32; i += 128)
      sum += tile[i];
    fenceProxyAsync();
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = sum;
}
