#include "report.hpp"

#include <cstdio>

#include "notation.hpp"
#include "search.hpp"

namespace yaad {

std::string iteration_line(Variant v, const Position& root, const SearchInfo& info) {
    const double nps = info.seconds > 0 ? info.nodes / info.seconds : 0.0;
    char head[160];
    std::snprintf(head, sizeof head, "depth=%d score=%s nodes=%llu nps=%.0f time=%.3f ", info.depth,
                  score_text(info.score).c_str(), static_cast<unsigned long long>(info.nodes), nps, info.seconds);
    std::string line = head;
    if (info.database_hits > 0) line += "egdb-hits=" + std::to_string(info.database_hits) + " ";
    return line + "pv=" + format_line(v, root, info.pv);
}

}  // namespace yaad
