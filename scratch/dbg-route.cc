#include "ns3/core-module.h"
#include "ns3/optical-module.h"
#include <iostream>
using namespace ns3;
int main(int argc, char* argv[])
{
    std::string style = argc > 1 ? argv[1] : "square";
    uint32_t ports = argc > 2 ? std::stoi(argv[2]) : 16;
    PhotonicTarget::Spec spec; spec.style = style; spec.ports = ports;
    PhotonicTarget t; std::string err;
    if (!PhotonicTarget::Generate(spec, t, err)) { std::cerr << err << "\n"; return 1; }
    std::cout << t.GetName() << " E=" << t.GetElements().size() << " io=" << t.GetIoPorts().size() << " in=" << t.GetNInputs() << "\n";
    for (uint32_t k = 0; k < t.GetIoPorts().size(); ++k) {
        int32_t w = t.WaveguideAt(t.IoNode(k));
        const auto& g = t.GetWaveguides()[w];
        uint32_t other = g.a == t.IoNode(k) ? g.b : g.a;
        std::cout << "io" << k << " -> node " << other << " (e" << other/4 << "." << (other%4)/2 << "." << other%2 << ") x=" << t.GetIoPorts()[k].x << " y=" << t.GetIoPorts()[k].y << "\n";
    }
    const uint32_t P = t.GetIoPorts().size();
    for (uint32_t a = 0; a < P; ++a) { for (uint32_t b = 0; b < P; ++b) {
        if (a == b) { std::cout << "."; continue; }
        PhotonicNet n; n.source = a; n.sinks = {b};
        PhotonicRouter::Options o; o.algorithm = "pathfinder";
        auto e = PhotonicRouter::Embed(t, {n}, o); std::cout << (e.ok ? "#" : " "); }
        std::cout << "\n"; }
    return 0;
    for (uint32_t d = 1; d < t.GetIoPorts().size(); ++d) {
        PhotonicNet n; n.source = 0; n.sinks = {d}; n.name = "0->" + std::to_string(d);
        PhotonicRouter::Options o; o.algorithm = "pathfinder";
        auto e = PhotonicRouter::Embed(t, {n}, o);
        std::cout << n.name << ": " << (e.ok ? "ok " + std::to_string(e.maxLossDb) : e.error) << "\n";
    }
}
