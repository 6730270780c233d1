#include "ns3/core-module.h"
#include "ns3/optical-module.h"
#include <chrono>
#include <iostream>
using namespace ns3;
int main(int argc, char* argv[])
{
    std::string style = argv[1];
    double w = std::stod(argv[2]);
    uint32_t passes = std::stoi(argv[3]);
    PhotonicCompileConfig c; c.spec = "permutation"; c.ports = 128; c.target = style; c.elements = 100000;
    PhotonicTarget t; std::string err;
    PhotonicCompileStudy::MakeTarget(c, 128, t, err);
    PhotonicProgram p; std::string text; std::vector<PhotonicDiagnostic> d;
    PhotonicCompileStudy::Load(c, &t, p, text, d, err);
    PhotonicCompiler::Options o; o.router.astarWeight = w; o.router.astarWeightLarge = w; o.router.lossPasses = passes;
    auto r = PhotonicCompiler::Compile(p, t, o);
    std::cout << style << " w=" << w << " passes=" << passes << " ok=" << r.ok << " max=" << r.maxPathLossDb << " mean=" << r.meanPathLossDb << " s=" << r.seconds << " it=" << (r.ok ? r.slots[0].embedding.iterations : 0) << " " << r.error.substr(0,100) << "\n";
}
