// Cooperative groups for a file run by `stridescope run`: the block, tiles of up to 32 threads
// (static `tiled_partition<N>` and dynamic `tiled_partition(g, n)`), tiles of whole warps (64 to
// 1024 threads, static), coalesced groups with labeled and binary partitions, and the grid's size
// and rank. Everything runs on the SIMT engine's barriers and warp collectives, so a tile's sync()
// is a __syncwarp() of its lanes and its shuffles are warp shuffles of width N; a tile wider than a
// warp syncs as the whole block (every tile of the block must reach it together) and exchanges
// values through a scratch area in the block's shared memory (`block_tile_memory`).
// `this_grid().sync()` needs a cooperative launch: it is named as unsupported.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "stridescope/device_api.h"  // after the qualifiers (stridescope_cuda.h force-included)

namespace cooperative_groups {

namespace details {
inline unsigned block_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
inline unsigned linear_thread() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline unsigned lane() {
  return linear_thread() % 32u;
}
// The lanes of the `size`-wide tile (a power of two up to 32) holding `lane`.
inline unsigned tile_mask(unsigned size, unsigned lane_id) {
  if (size >= 32) return 0xffffffffu;
  return ((1u << size) - 1u) << (lane_id / size * size);
}
// The lane holding the `rank`-th set bit of `mask`.
inline unsigned lane_of_rank(unsigned mask, unsigned rank) {
  for (unsigned l = 0; l < 32; ++l)
    if ((mask >> l & 1u) && rank-- == 0) return l;
  return 0;
}
}  // namespace details

// Any group, as the functions that take `thread_group` see it.
class thread_group {
 public:
  enum class Kind { Block, Tile, Coalesced, Grid };
  thread_group(Kind kind, unsigned size, unsigned rank, unsigned mask)
      : kind_(kind), size_(size), rank_(rank), mask_(mask) {}
  void sync(int line = __builtin_LINE()) const {
    if (kind_ == Kind::Block) {
      ::stridescope_rt::syncthreads(line);
    } else {
      __syncwarp(mask_, line);
    }
  }
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return rank_; }
  bool is_valid() const { return size_ != 0; }

 protected:
  Kind kind_;
  unsigned size_, rank_, mask_;
};

class thread_block : public thread_group {
 public:
  thread_block()
      : thread_group(Kind::Block, details::block_threads(), details::linear_thread(), 0xffffffffu) {
  }
  static void sync(int line = __builtin_LINE()) { ::stridescope_rt::syncthreads(line); }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};
inline thread_block this_thread_block() {
  return thread_block();
}

// The shared memory a block's tiles of more than 32 threads exchange values through (the toolkit
// asks for it before compute capability 8.0; the emulator keeps its own, so this holds nothing).
template <unsigned MaxBlockSize = 1024>
struct block_tile_memory {
  unsigned char unused = 0;
};
template <unsigned MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize>&) {
  return thread_block();
}

namespace details {
// One 16-byte slot per warp of the block, in its shared memory (a thread_local: each worker runs
// one block at a time), for the values tiles wider than a warp exchange.
struct alignas(16) WarpSlots {
  unsigned char slot[32][16];
};
inline WarpSlots& warp_slots() {
  static __shared__ WarpSlots slots;
  return slots;
}
}  // namespace details

// A tile of `size` lanes (a power of two up to 32) of one warp; `mask_` holds its lanes.
class tile_group : public thread_group {
 public:
  tile_group(Kind kind, unsigned size, unsigned rank, unsigned mask, unsigned meta_rank,
             unsigned meta_size)
      : thread_group(kind, size, rank, mask), meta_rank_(meta_rank), meta_size_(meta_size) {}
  void sync(int line = __builtin_LINE()) const { __syncwarp(mask_, line); }
  unsigned long long meta_group_rank() const { return meta_rank_; }
  unsigned long long meta_group_size() const { return meta_size_; }
  unsigned lanes() const { return mask_; }

  // Shuffles by rank within the group, of any trivially copyable type (a value wider than 8 bytes
  // moves as 4-byte words, one shuffle each, as the toolkit's groups do).
  template <typename T>
  T shfl(T v, unsigned src_rank, int line = __builtin_LINE()) const {
    return by_words(
        v, [&](auto w) { return __shfl_sync(mask_, w, int(lane_of(src_rank)), 32, line); });
  }
  template <typename T>
  T shfl_down(T v, unsigned delta, int line = __builtin_LINE()) const {
    if (kind_ == Kind::Coalesced)
      return shfl(v, rank_ + delta < size_ ? rank_ + delta : rank_, line);
    return by_words(v, [&](auto w) { return __shfl_down_sync(mask_, w, delta, int(size_), line); });
  }
  template <typename T>
  T shfl_up(T v, unsigned delta, int line = __builtin_LINE()) const {
    if (kind_ == Kind::Coalesced) return shfl(v, rank_ >= delta ? rank_ - delta : rank_, line);
    return by_words(v, [&](auto w) { return __shfl_up_sync(mask_, w, delta, int(size_), line); });
  }
  template <typename T>
  T shfl_xor(T v, unsigned lane_mask, int line = __builtin_LINE()) const {
    if (kind_ == Kind::Coalesced) return shfl(v, rank_ ^ lane_mask, line);  // by rank
    return by_words(
        v, [&](auto w) { return __shfl_xor_sync(mask_, w, int(lane_mask), int(size_), line); });
  }
  int any(int predicate, int line = __builtin_LINE()) const {
    return __any_sync(mask_, predicate, line);
  }
  int all(int predicate, int line = __builtin_LINE()) const {
    return __all_sync(mask_, predicate, line);
  }
  unsigned ballot(int predicate, int line = __builtin_LINE()) const {
    return compress(__ballot_sync(mask_, predicate, line));
  }
  template <typename T>
  unsigned match_any(T v, int line = __builtin_LINE()) const {
    return compress(__match_any_sync(mask_, v, line));
  }
  template <typename T>
  unsigned match_all(T v, int& predicate, int line = __builtin_LINE()) const {
    return compress(__match_all_sync(mask_, v, &predicate, line));
  }

 protected:
  // `move(word)` applied to `v` as one value (up to 8 bytes) or 4-byte word by word.
  template <typename T, typename Move>
  static T by_words(T v, Move move) {
    if constexpr (sizeof(T) <= 8) {
      return move(v);
    } else {
      static_assert(sizeof(T) % 4 == 0, "a shuffled type wider than 8 bytes is whole 4-byte words");
      unsigned words[sizeof(T) / 4];
      std::memcpy(words, &v, sizeof(T));
      for (unsigned& w : words) w = move(w);
      std::memcpy(&v, words, sizeof(T));
      return v;
    }
  }
  unsigned lane_of(unsigned rank) const { return details::lane_of_rank(mask_, rank % size_); }
  // A warp-wide lane mask as the group's ranks (bit r: the thread of rank r).
  unsigned compress(unsigned warp_bits) const {
    unsigned out = 0, r = 0;
    for (unsigned l = 0; l < 32; ++l)
      if (mask_ >> l & 1u) out |= ((warp_bits >> l) & 1u) << r++;
    return out;
  }
  unsigned meta_rank_, meta_size_;
};

// A tile of whole warps (64 to 1024 threads, a power of two): its sync() is the block's barrier,
// so every tile of the block must reach it together, as the toolkit asks of tiles of the block.
class multi_warp_group : public thread_group {
 public:
  explicit multi_warp_group(unsigned size)
      : thread_group(Kind::Block, size, details::linear_thread() % size, 0xffffffffu),
        meta_rank_(details::linear_thread() / size),
        meta_size_((details::block_threads() + size - 1) / size) {}
  void sync(int line = __builtin_LINE()) const { ::stridescope_rt::syncthreads(line); }
  unsigned long long meta_group_rank() const { return meta_rank_; }
  unsigned long long meta_group_size() const { return meta_size_; }
  // The value of the thread of rank `src_rank`, through the block's scratch (two barriers).
  template <typename T>
  T shfl(T v, unsigned src_rank, int line = __builtin_LINE()) const;

 private:
  unsigned meta_rank_, meta_size_;
};

template <unsigned Size>
class thread_block_tile : public std::conditional_t<(Size > 32), multi_warp_group, tile_group> {
  static_assert(Size >= 1 && Size <= 1024 && (Size & (Size - 1)) == 0,
                "a tile's size is a power of two, 1 to 1024 threads");
  using Base = std::conditional_t<(Size > 32), multi_warp_group, tile_group>;

 public:
  thread_block_tile() : Base(make()) {}
  static constexpr unsigned long long size() { return Size; }
  static constexpr unsigned long long num_threads() { return Size; }

 private:
  static Base make() {
    if constexpr (Size > 32) {
      return multi_warp_group(Size);
    } else {
      return tile_group(thread_group::Kind::Tile, Size, details::lane() % Size,
                        details::tile_mask(Size, details::lane()), details::linear_thread() / Size,
                        (details::block_threads() + Size - 1) / Size);
    }
  }
};

template <unsigned Size, typename Parent>
thread_block_tile<Size> tiled_partition(const Parent&) {
  return thread_block_tile<Size>();
}
// A dynamic tile: `size` a power of two up to 32.
inline tile_group tiled_partition(const thread_group& parent, unsigned size) {
  (void)parent;
  const unsigned lane_id = details::lane();
  return tile_group(thread_group::Kind::Tile, size, lane_id % size,
                    details::tile_mask(size, lane_id), details::linear_thread() / size,
                    (details::block_threads() + size - 1) / size);
}

class coalesced_group : public tile_group {
 public:
  explicit coalesced_group(unsigned mask)
      : tile_group(Kind::Coalesced, unsigned(__builtin_popcount(mask)),
                   unsigned(__builtin_popcount(mask & ((1u << details::lane()) - 1u))), mask, 0,
                   1) {}
};
inline coalesced_group coalesced_threads(int line = __builtin_LINE()) {
  return coalesced_group(__activemask(line));
}

// The lanes of `parent` with the same `label` (the toolkit's labeled_partition), or the same
// `predicate` (binary_partition): a coalesced group each.
template <typename Label>
coalesced_group labeled_partition(const tile_group& parent, Label label,
                                  int line = __builtin_LINE()) {
  static_assert(sizeof(Label) <= 8, "a partition's label is an integer");
  return coalesced_group(parent.lanes() & __match_any_sync(parent.lanes(), label, line));
}
inline coalesced_group binary_partition(const tile_group& parent, bool predicate,
                                        int line = __builtin_LINE()) {
  return labeled_partition(parent, int(predicate), line);
}

class grid_group {
 public:
  unsigned long long size() const {
    return (unsigned long long)details::block_threads() * gridDim.x * gridDim.y * gridDim.z;
  }
  unsigned long long num_threads() const { return size(); }
  unsigned long long thread_rank() const {
    const unsigned long long block =
        blockIdx.x +
        (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
    return block * details::block_threads() + details::linear_thread();
  }
  unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  unsigned long long block_rank() const {
    return blockIdx.x + (unsigned long long)gridDim.x *
                            (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  }
  bool is_valid() const { return true; }
  STRIDESCOPE_UNSUPPORTED("this_grid().sync(), which needs a cooperative launch")
  void sync() const;
  dim3 group_dim() const { return gridDim; }
};
inline grid_group this_grid() {
  return grid_group();
}

inline void sync(const thread_group& g, int line = __builtin_LINE()) {
  g.sync(line);
}
inline void sync(const thread_block&, int line = __builtin_LINE()) {
  ::stridescope_rt::syncthreads(line);
}
inline void sync(const tile_group& g, int line = __builtin_LINE()) {
  g.sync(line);
}
inline void sync(const multi_warp_group& g, int line = __builtin_LINE()) {
  g.sync(line);
}
STRIDESCOPE_UNSUPPORTED("cg::sync(grid), which needs a cooperative launch")
void sync(const grid_group&);

template <typename T>
T multi_warp_group::shfl(T v, unsigned src_rank, int line) const {
  static_assert(sizeof(T) <= 16, "a value shuffled across warps is at most 16 bytes");
  unsigned char* slot = details::warp_slots().slot[meta_rank_ % 32];
  ::stridescope_rt::syncthreads(line);
  if (rank_ == src_rank % size_) std::memcpy(slot, &v, sizeof(T));
  ::stridescope_rt::syncthreads(line);
  T out;
  std::memcpy(&out, slot, sizeof(T));
  ::stridescope_rt::syncthreads(line);
  return out;
}

}  // namespace cooperative_groups
