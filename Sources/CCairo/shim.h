#ifndef MESHPAD_CCAIRO_SHIM_H
#define MESHPAD_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#endif
