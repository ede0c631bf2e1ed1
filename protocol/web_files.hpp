#pragma once
// The web board's page (web/ in the source tree), built into yaad so that
// `yaad serve` needs no installed files: web/embed.cmake writes the table.

#include <string_view>
#include <vector>

namespace yaad {

struct WebFile {
    std::string_view path;          // "/index.html"
    std::string_view content_type;  // "text/html; charset=utf-8"
    std::string_view body;
};

const std::vector<WebFile>& web_files();

}  // namespace yaad
