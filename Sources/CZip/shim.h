#ifndef MESHPAD_CZIP_SHIM_H
#define MESHPAD_CZIP_SHIM_H
#include <zip.h>
#endif
