// The device side of the variant registry: a variant id to its kernel, for one element type and
// probe.
#pragma once

#include <string>

#include "atomic_add.cuh"
#include "bug_no_load_sync.cuh"
#include "bug_no_loop_sync.cuh"
#include "bug_odd_block.cuh"
#include "bug_sync_in_branch.cuh"
#include "bug_warp_tail_syncwarp_after.cuh"
#include "bug_warp_tail_unsafe.cuh"
#include "complete_unroll.cuh"
#include "cooperative_groups.cuh"
#include "dot_product.cuh"
#include "dot_product_lock.cuh"
#include "first_add.cuh"
#include "halving_operator.cuh"
#include "interleaved_divergent.cuh"
#include "interleaved_strided.cuh"
#include "kahan.cuh"
#include "multi_element.cuh"
#include "sequential.cuh"
#include "serial_thread0.cuh"
#include "tuned.cuh"
#include "unroll_last_warp.cuh"
#include "warp_shuffle.cuh"

namespace stridescope::cuda {

template <typename T>
using DeviceKernel = void (*)(const T*, T*, unsigned);

// nullptr for an id without a device build (or a block size its template has no instance for).
template <typename T, typename Probe>
DeviceKernel<T> device_kernel(const std::string& variant, unsigned block) {
  if (variant == "serial") return kernels::reduce_serial_thread0<T, Probe>;
  if (variant == "complete-unroll") return kernels::complete_unroll_for<T, Probe>(block);
  if (variant == "multi-element") return kernels::multi_element_for<T, Probe>(block);
  if (variant == "kahan") return kernels::reduce_kahan<T, Probe>;
  if (variant == "atomic-add") return kernels::reduce_atomic_add<T, Probe>;
  if (variant == "max") return kernels::reduce_max<T, Probe>;
  if (variant == "min") return kernels::reduce_min<T, Probe>;
  if (variant == "warp-shuffle") return kernels::reduce_warp_shuffle<T, Probe>;
  if (variant == "cooperative-groups") return kernels::reduce_cooperative_groups<T, Probe>;
  if (variant == "dot-product") return kernels::dot<T, Probe>;
  if (variant == "dot-product-lock") return kernels::dot_lock<T, Probe>;
  if (variant == "interleaved-divergent") return kernels::reduce_interleaved_divergent<T, Probe>;
  if (variant == "interleaved-strided") return kernels::reduce_interleaved_strided<T, Probe>;
  if (variant == "sequential") return kernels::reduce_sequential<T, Probe>;
  if (variant == "first-add" || variant == "repeated-launches") {
    return kernels::reduce_first_add<T, Probe>;
  }
  if (variant == "tuned") return kernels::reduce_tuned<T, Probe>;
  if (variant == "unroll-last-warp") return kernels::reduce_unroll_last_warp<T, Probe>;
  if (variant == "bug-no-loop-sync") return kernels::reduce_bug_no_loop_sync<T, Probe>;
  if (variant == "bug-no-load-sync") return kernels::reduce_bug_no_load_sync<T, Probe>;
  if (variant == "bug-sync-in-branch") return kernels::reduce_bug_sync_in_branch<T, Probe>;
  if (variant == "bug-odd-block") return kernels::reduce_bug_odd_block<T, Probe>;
  if (variant == "bug-warp-tail-unsafe") return kernels::reduce_bug_warp_tail_unsafe<T, Probe>;
  if (variant == "bug-warp-tail-syncwarp-after")
    return kernels::reduce_bug_warp_tail_syncwarp_after<T, Probe>;
  return nullptr;
}

}  // namespace stridescope::cuda
