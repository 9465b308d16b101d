// stb_image_write's functions for the browser build (the desktop links Debian's libstb; its header
// comes from Debian's libstb-dev here too).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
