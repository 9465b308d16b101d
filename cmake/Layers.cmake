# The app's layers below the program pipeline, bottom to top: each a folder (docs/architecture.md,
# "Where things live") and, on the desktop, a library of its own that links only the layers below
# it, so that a call that runs up a layer does not link. The browser build (cmake/Web.cmake)
# compiles the same lists into its one program. A new file of these folders needs no line here.
set(stridescope_layers core trace analysis simt catalog model exercises)
file(GLOB layer_core_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/core/*.cpp")
file(GLOB layer_trace_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/trace/*.cpp")
file(GLOB layer_analysis_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/analysis/*.cpp")
file(GLOB layer_simt_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/simt/*.cpp")
# The catalog: the variants (kernels/, the one list kernels/catalog.def), what every backend does
# alike (app/catalog/), the emulator and the benchmark report; app/catalog/cuda is the GPU's build.
file(GLOB layer_catalog_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/catalog/*.cpp"
  "${CMAKE_SOURCE_DIR}/app/catalog/emu/*.cpp")
list(APPEND layer_catalog_sources "${CMAKE_SOURCE_DIR}/app/catalog/bench/bench_report.cpp"
  "${CMAKE_SOURCE_DIR}/kernels/registry.cpp" "${CMAKE_BINARY_DIR}/generated/kernel_sources.cpp")
file(GLOB layer_model_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/model/*.cpp")
# The exercises' texts, harnesses and progress (their checker runs programs: app/exercises/checker).
file(GLOB layer_exercises_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/exercises/*.cpp"
  "${CMAKE_SOURCE_DIR}/app/exercises/catalog/*.cpp")

set(layer_sources)
foreach(layer IN LISTS stridescope_layers)
  list(APPEND layer_sources ${layer_${layer}_sources})
endforeach()
