#ifndef MESHPAD_CFONTCONFIG_SHIM_H
#define MESHPAD_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
