# The browser build (emscripten; scripts/web.sh): the same core, canvas, panels and analyses as the
# desktop, drawn through WebGL2 by emscripten's GLFW. Dear ImGui's sources come from Debian's source
# package (STRIDESCOPE_IMGUI_SOURCE_DIR, fetched by scripts/web.sh); the header-only dependencies
# (nlohmann/json, CLI11, Boost's stack_context, stb) from this machine's Debian packages. What a
# browser cannot do (programs, exercises' checks, the GPU) is not built: app/web/ says so instead.

set(STRIDESCOPE_IMGUI_SOURCE_DIR "" CACHE PATH "Dear ImGui's sources (Debian's source package, 1.86)")
if(NOT EXISTS "${STRIDESCOPE_IMGUI_SOURCE_DIR}/imgui.cpp")
  message(FATAL_ERROR "the browser build needs Dear ImGui's sources: run scripts/web.sh")
endif()

# Debian's header-only packages, one folder each: the whole of /usr/include would put glibc's
# headers in front of emscripten's.
set(deb_include "${CMAKE_BINARY_DIR}/debian-include")
foreach(dir nlohmann CLI boost stb)
  file(MAKE_DIRECTORY "${deb_include}")
  file(CREATE_LINK "/usr/include/${dir}" "${deb_include}/${dir}" SYMBOLIC)
endforeach()
set(web_common_flags -fwrapv -fno-strict-aliasing -Wall -Wextra)
# C++ exceptions caught (emscripten's default ignores every catch): the emulator and the app throw
# and catch (a thread's exit, a kernel's fault, a file that cannot be read).
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

include(cmake/KernelSources.cmake)
file(GLOB shader_files CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/shaders/*.glsl")
embed_text_files(OUTPUT "${CMAKE_BINARY_DIR}/generated/shader_sources.cpp"
                 FUNCTION shader_source NAMESPACE stridescope FILES ${shader_files})

add_library(web_imgui STATIC
  "${STRIDESCOPE_IMGUI_SOURCE_DIR}/imgui.cpp" "${STRIDESCOPE_IMGUI_SOURCE_DIR}/imgui_draw.cpp"
  "${STRIDESCOPE_IMGUI_SOURCE_DIR}/imgui_tables.cpp"
  "${STRIDESCOPE_IMGUI_SOURCE_DIR}/imgui_widgets.cpp"
  "${STRIDESCOPE_IMGUI_SOURCE_DIR}/backends/imgui_impl_glfw.cpp"
  "${STRIDESCOPE_IMGUI_SOURCE_DIR}/backends/imgui_impl_opengl3.cpp")
target_include_directories(web_imgui SYSTEM PUBLIC "${STRIDESCOPE_IMGUI_SOURCE_DIR}")

# The same source lists as the desktop's layers and UI, less the rooms that run other processes
# (core/spawn is compiled but never called: the page's dialog and GIF export have their own).
include(cmake/Layers.cmake)
file(GLOB_RECURSE ui_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/ui/*.cpp")
list(REMOVE_ITEM ui_sources "${CMAKE_SOURCE_DIR}/app/ui/gui_disabled.cpp"
  "${CMAKE_SOURCE_DIR}/app/ui/gui.cpp" "${CMAKE_SOURCE_DIR}/app/ui/export/export_disabled.cpp"
  "${CMAKE_SOURCE_DIR}/app/ui/platform/text_clip_hooks.cpp"
  "${CMAKE_SOURCE_DIR}/app/ui/widgets/desktop_dialog.cpp"
  "${CMAKE_SOURCE_DIR}/app/ui/export/gif_export_job.cpp")
# The export's writers (the GIF's; MP4 needs the ffmpeg program, which a page cannot start).
file(GLOB export_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/export/*.cpp")
file(GLOB web_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/app/web/*.cpp")
# The window's options, parsed as the command line parses them (the page's address names them).
set(cli_sources app/cli/options.cpp app/cli/window_options.cpp app/cli/quiz_marks.cpp
  app/cli/export_command.cpp app/program/read/launch_spec.cpp)

add_executable(stridescope_web ${layer_sources} ${ui_sources} ${export_sources} ${web_sources}
  ${cli_sources}
  "${CMAKE_BINARY_DIR}/generated/shader_sources.cpp")
set_target_properties(stridescope_web PROPERTIES OUTPUT_NAME stridescope SUFFIX ".js")
target_include_directories(stridescope_web PRIVATE app kernels "${CMAKE_BINARY_DIR}/generated")
target_include_directories(stridescope_web SYSTEM PRIVATE "${deb_include}" "${deb_include}/stb")
target_compile_options(stridescope_web PRIVATE ${web_common_flags})
target_compile_definitions(stridescope_web PRIVATE STRIDESCOPE_SOURCE_DIR="/stridescope"
  STRIDESCOPE_WEB=1)
target_link_libraries(stridescope_web PRIVATE web_imgui)
# Fibers (app/simt/context.cpp) are emscripten's, which ASYNCIFY makes; WebGL2 for GLSL ES 3.0.
target_link_options(stridescope_web PRIVATE -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2
  -sMAX_WEBGL_VERSION=2 -sASYNCIFY -sASYNCIFY_STACK_SIZE=65536 -sALLOW_MEMORY_GROWTH
  -sINITIAL_MEMORY=134217728 -sTOTAL_STACK=5242880 -sEXIT_RUNTIME=0
  -sEXPORTED_RUNTIME_METHODS=FS,callMain,ccall -sINVOKE_RUN=0
  -sEXPORTED_FUNCTIONS=_main
  # The timings recorded on a GPU, where the app looks for them (STRIDESCOPE_SOURCE_DIR).
  "SHELL:--preload-file ${CMAKE_SOURCE_DIR}/assets/recorded@/stridescope/assets/recorded"
  "SHELL:--preload-file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf@/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  "SHELL:--preload-file /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf@/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
add_custom_command(TARGET stridescope_web POST_BUILD
  COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${CMAKE_SOURCE_DIR}/app/web/index.html"
          "${CMAKE_BINARY_DIR}/index.html")
