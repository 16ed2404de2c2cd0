#ifndef MESHPAD_CLIBPQ_SHIM_H
#define MESHPAD_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
