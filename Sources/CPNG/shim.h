#pragma once
// libpng with its text chunks (tEXt), for the shared thumbnail cache. libpng reports errors by
// longjmp, which Swift cannot catch: these two calls hold the setjmp, so a broken file is an
// error code, never a crash.
#include <limits.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t at;
} cpng_source;

static void cpng_read_bytes(png_structp png, png_bytep out, size_t length) {
    cpng_source *source = (cpng_source *)png_get_io_ptr(png);
    if (source->size - source->at < length) png_error(png, "truncated");
    memcpy(out, source->data + source->at, length);
    source->at += length;
}

static void cpng_quiet(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// An error: back to the call's setjmp, without libpng's line on standard error (the caller says what failed).
static void cpng_fail(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

/// The text chunks read so far as "key\0value\0..." malloc'd into *texts (*texts_size bytes).
static void cpng_collect_texts(png_structp png, png_infop info, char **texts, size_t *texts_size) {
    png_textp text = NULL;
    int count = png_get_text(png, info, &text, NULL);
    size_t total = 0;
    for (int i = 0; i < count; i++) total += strlen(text[i].key) + 1 + (text[i].text ? text[i].text_length : 0) + 1;
    *texts = (char *)malloc(total + 1);
    if (!*texts) png_error(png, "memory");
    char *at = *texts;
    for (int i = 0; i < count; i++) {
        size_t k = strlen(text[i].key), v = text[i].text ? text[i].text_length : 0;
        memcpy(at, text[i].key, k + 1);
        at += k + 1;
        if (v) memcpy(at, text[i].text, v);
        at[v] = 0;
        at += v + 1;
    }
    *texts_size = total;
}

/// Decodes PNG bytes to 8-bit B, G, R, X rows (4 bytes a pixel, X 255; alpha is dropped), malloc'd
/// into *pixels, and its text chunks as "key\0value\0..." malloc'd into *texts (*texts_size bytes).
/// Images over max_side a side are refused before their pixels are allocated. With pixels NULL,
/// only the text chunks before the image data are read (where thumbnails keep them), no pixels
/// decoded (cpng_texts). 0 on success.
static inline int cpng_decode(const unsigned char *data, size_t size, unsigned max_side, unsigned *width, unsigned *height,
                              unsigned char **pixels, char **texts, size_t *texts_size) {
    if (pixels) *pixels = NULL;
    *texts = NULL;
    *texts_size = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) return 1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, cpng_fail, cpng_quiet);
    if (!png) return 2;
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        if (pixels) {
            free(*pixels);
            *pixels = NULL;
        }
        free(*texts);
        *texts = NULL;
        *texts_size = 0;
        png_destroy_read_struct(&png, &info, NULL);
        return 3;
    }
    cpng_source source = {data, size, 0};
    png_set_read_fn(png, &source, cpng_read_bytes);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    *width = w;
    *height = h;
    if (!pixels) {
        cpng_collect_texts(png, info, texts, texts_size);
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (w == 0 || h == 0 || w > max_side || h > max_side) png_error(png, "size");
    int type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_strip_alpha(png);
    png_set_bgr(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    *pixels = (unsigned char *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!*pixels || !rows) png_error(png, "memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = *pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, info);
    cpng_collect_texts(png, info, texts, texts_size);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/// Reads only a PNG's text chunks before its image data, as cpng_decode does with no pixels.
static inline int cpng_texts(const unsigned char *data, size_t size, char **texts, size_t *texts_size) {
    unsigned width, height;
    return cpng_decode(data, size, UINT_MAX, &width, &height, NULL, texts, texts_size);
}

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} cpng_sink;

static void cpng_write_bytes(png_structp png, png_bytep bytes, size_t length) {
    cpng_sink *sink = (cpng_sink *)png_get_io_ptr(png);
    if (sink->size + length > sink->capacity) {
        size_t capacity = (sink->capacity + length) * 2;
        unsigned char *grown = (unsigned char *)realloc(sink->data, capacity);
        if (!grown) png_error(png, "memory");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void cpng_flush(png_structp png) { (void)png; }

/// Encodes rows (`stride` bytes apart) of B, G, R, X pixels (`bgrx` non-zero) or R, G, B ones as an
/// 8-bit RGB PNG with `count` tEXt chunks, zlib level `level`, malloc'd into *out (*out_size bytes).
/// 0 on success.
static inline int cpng_encode(const unsigned char *pixels, unsigned width, unsigned height, size_t stride, int bgrx,
                              const char *const *keys, const char *const *values, int count, int level, unsigned char **out,
                              size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, cpng_fail, cpng_quiet);
    if (!png) return 2;
    png_infop info = png_create_info_struct(png);
    cpng_sink sink = {NULL, 0, 0};
    png_textp volatile text = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(sink.data);
        free(text);
        png_destroy_write_struct(&png, &info);
        return 3;
    }
    png_set_write_fn(png, &sink, cpng_write_bytes, cpng_flush);
    png_set_compression_level(png, level);
    // One filter, not libpng's trial of all five on every row: a fraction of the time, nearly the size on photos.
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    text = (png_textp)calloc(count > 0 ? (size_t)count : 1, sizeof(png_text));
    if (!text) png_error(png, "memory");
    for (int i = 0; i < count; i++) {
        text[i].compression = PNG_TEXT_COMPRESSION_NONE;
        text[i].key = (png_charp)keys[i];
        text[i].text = (png_charp)values[i];
        text[i].text_length = strlen(values[i]);
    }
    png_set_text(png, info, text, count);
    png_write_info(png, info);
    if (bgrx) {
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    }
    for (unsigned y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    free(text);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_size = sink.size;
    return 0;
}
