// `#include <nvtx3/nvToolsExt.h>`: see ../nvToolsExt.h.
#pragma once
#include "../nvToolsExt.h"
