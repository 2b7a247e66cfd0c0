#ifndef SWELL_CPANGOCAIRO_SHIM_H
#define SWELL_CPANGOCAIRO_SHIM_H

/*
 * The part of Pango's API that SwellRender's text layers use, declared
 * here rather than through <pango/pangocairo.h>: that header needs the
 * include paths of pkg-config's `pangocairo`, whose flags also carry
 * -pthread, which SwiftPM drops with a warning for every build. The
 * declarations below are Pango's own (pango-layout.h, pango-attributes.h,
 * pango-font.h, pangocairo.h of Pango 1.44 and later, which are ABI
 * stable); the module map links the libraries explicitly.
 */

typedef struct _cairo cairo_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;

/* PangoRectangle: extents in Pango units (SWELL_PANGO_SCALE per point). */
typedef struct _PangoRectangle {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

/* PangoAttribute's public fields: the byte range an attribute covers. */
typedef struct _PangoAttribute {
    const void *klass;
    unsigned int start_index;
    unsigned int end_index;
} PangoAttribute;

enum { SWELL_PANGO_SCALE = 1024 };
/* PangoWrapMode */
enum { SWELL_PANGO_WRAP_WORD_CHAR = 2 };
/* PangoEllipsizeMode */
enum { SWELL_PANGO_ELLIPSIZE_NONE = 0, SWELL_PANGO_ELLIPSIZE_START = 1, SWELL_PANGO_ELLIPSIZE_MIDDLE = 2,
       SWELL_PANGO_ELLIPSIZE_END = 3 };
/* PangoAlignment */
enum { SWELL_PANGO_ALIGN_LEFT = 0, SWELL_PANGO_ALIGN_CENTER = 1, SWELL_PANGO_ALIGN_RIGHT = 2 };
/* PangoWeight, PangoStyle */
enum { SWELL_PANGO_WEIGHT_NORMAL = 400, SWELL_PANGO_WEIGHT_BOLD = 700 };
enum { SWELL_PANGO_STYLE_NORMAL = 0, SWELL_PANGO_STYLE_OBLIQUE = 1 };

PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_update_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_context_changed(PangoLayout *layout);

void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, int wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, int ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, int alignment);
void pango_layout_set_justify(PangoLayout *layout, int justify);
void pango_layout_set_spacing(PangoLayout *layout, int spacing);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
void pango_layout_get_pixel_size(PangoLayout *layout, int *width, int *height);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_baseline(PangoLayout *layout);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, int weight);
void pango_font_description_set_style(PangoFontDescription *desc, int style);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);

PangoAttrList *pango_attr_list_new(void);
void pango_attr_list_unref(PangoAttrList *list);
void pango_attr_list_insert(PangoAttrList *list, PangoAttribute *attr);
PangoAttribute *pango_attr_font_desc_new(const PangoFontDescription *desc);
PangoAttribute *pango_attr_foreground_new(unsigned short red, unsigned short green, unsigned short blue);
PangoAttribute *pango_attr_foreground_alpha_new(unsigned short alpha);
PangoAttribute *pango_attr_letter_spacing_new(int letter_spacing);
/* underline: a PangoUnderline — 0 none, 1 single, 2 double. */
PangoAttribute *pango_attr_underline_new(int underline);

void g_object_unref(void *object);

#endif
