#! /usr/bin/env python3
# Examples run by test.py (ns-3's and the module's own), each on small parameters.
#
# A list of C++ examples to run in order to ensure that they remain buildable and runnable over
# time. Each tuple: (example name and arguments, condition to run it, condition to run it under
# valgrind).
cpp_examples = [
    ("ocs-reconfiguration --duration=0.2 --period=0.05 --reconfigDelay=0.005", "True", "False"),
    ("ocs-reconfiguration --duration=0.2 --period=0.05 --reconfigDelay=0.005 --policy=drain",
     "True", "False"),
    ("collective-benchmark --nodes=4 --bytes=1048576 --collective=allreduce --algorithm=ring",
     "True", "False"),
    ("collective-benchmark --nodes=8 --bytes=1048576 --collective=allreduce --algorithm=hierarchical --gpusPerServer=4",
     "True", "False"),
    ("collective-benchmark --nodes=4 --bytes=1048576 --collective=alltoall --algorithm=direct --tcp=ns3::TcpDctcp --ecnThreshold=20",
     "True", "False"),
    ("training-iteration --gpus=8 --dp=2 --tp=2 --pp=2 --microbatches=4", "True", "False"),
    ("collective-benchmark --nodes=8 --bytes=1048576 --collective=allreduce --algorithm=hd --backend=flow",
     "True", "False"),
    ("collective-benchmark --nodes=8 --bytes=1048576 --collective=alltoall --algorithm=direct --topology=fat-tree --spines=2 --backend=flow",
     "True", "False"),
    ("collective-benchmark --nodes=8 --bytes=1048576 --collective=allreduce --algorithm=ring --topology=rail --gpusPerServer=4",
     "True", "False"),
    ("training-iteration --gpus=8 --dp=2 --tp=2 --pp=2 --microbatches=4 --backend=flow", "True", "False"),
    ("training-iteration --gpus=8 --dp=2 --tp=2 --pp=2 --microbatches=4 --topology=rail --backend=flow",
     "True", "False"),
    ("training-iteration --model=tiny-moe --gpus=8 --dp=4 --tp=2 --pp=1 --ep=2 --schedule=gpipe --zero=1 --moeZipf=1.2",
     "True", "False"),
    ("photonic-rails --gpus=0 --dp=2 --pp=2 --tp=2 --model=tiny --batch=8 --fabric=photonic-provision",
     "True", "False"),
    ("photonic-rails --gpus=0 --dp=2 --pp=2 --tp=2 --model=tiny --batch=8 --fabric=photonic --backend=packet --ocsDelay=1ms",
     "True", "False"),
    ("photonic-rails --gpus=0 --dp=2 --pp=2 --tp=4 --model=tiny --batch=8 --fabric=fat-tree --backend=packet",
     "True", "False"),
    ("photonic-rails --gpus=2048 --dp=256 --pp=1 --tp=8 --simulate=false", "True", "False"),
    ("torus-allocation --racks=2 --duration=6h --samples=2", "True", "False"),
    ("torus-allocation --racks=2 --duration=6h --samples=2 --policy=contiguous --load=0.5",
     "True", "False"),
    ("server-fabric-failover --policy=morphlux --spares=4 --racks=2 --duration=7d", "True", "False"),
    ("server-fabric-failover --policy=contiguous --racks=2 --duration=7d", "True", "False"),
    ("server-fabric-finetune --iterations=2", "True", "False"),
    ("rate-adaptive-link --policy=adaptive --duration=30d", "True", "False"),
    ("rate-adaptive-link --policy=static --duration=30d --downtime=50ms", "True", "False"),
    ("rate-adaptive-wan --duration=2h --history=7d --interval=30min", "True", "False"),
    ("rate-adaptive-wan --duration=2h --history=2d --interval=30min --linkPolicy=adaptive --te=lp --matrix=bimodal",
     "True", "False"),
    ("rate-adaptive-wan --duration=1h --history=1d --interval=30min --te=none", "True", "False"),
    ("rate-adaptive-wan --backend=packet --packetScale=1e-6 --duration=4s --interval=2s --history=1d",
     "True", "False"),
    ("channel-width-study --widths=50,150 --snrFrom=10 --snrTo=12 --snrStep=0.5 --duration=10d",
     "True", "False"),
    ("wan-bypass --planner=greedy --duration=1s", "True", "False"),
    ("wan-bypass --planner=ilp --timeLimit=5s --failures=stochastic --duration=1s", "True", "False"),
    ("wan-bypass --planner=greedy --backend=packet --packetScale=1e-5 --totalTbps=5 --duration=2s",
     "True", "False"),
]

# Python examples: none.
python_examples = []
