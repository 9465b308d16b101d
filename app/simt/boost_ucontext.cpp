// Only in the sanitizer build (BOOST_USE_UCONTEXT + BOOST_USE_ASAN, so that AddressSanitizer sees
// every fiber switch): Boost.Context's ucontext fibers are header-only except for one function,
// the thread's current activation record, which a Boost built for ucontext would provide. Debian's
// libboost_context is built for fcontext, so it is defined here.
#if defined(BOOST_USE_UCONTEXT)

#include <boost/context/fiber.hpp>
#include <memory>

namespace boost::context::detail {

fiber_activation_record*& fiber_activation_record::current() noexcept {
  // Each thread starts in its own main context: a record made on first use, freed at thread exit.
  struct Current {
    std::unique_ptr<fiber_activation_record> main{new fiber_activation_record()};
    fiber_activation_record* running = main.get();
  };
  thread_local Current current;
  return current.running;
}

}  // namespace boost::context::detail

#endif
