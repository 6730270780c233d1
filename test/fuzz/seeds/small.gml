# A small network in the Topology Zoo's GML style: a ring of four, a parallel link, an
# external node without coordinates, graphics to skip.
graph [
  directed 0
  multigraph 1
  label "small"
  node [ id 0 label "Seattle" Latitude 47.61 Longitude -122.33 Population 4.0 ]
  node [ id 1 label "Portland" Latitude 45.52 Longitude -122.68 ]
  node [
    id 2
    label "Boise &amp; Nampa"
    Latitude 43.62
    Longitude -116.2
    graphics [ x 10.5 y -3 fill "#00ff00" ]
  ]
  node [ id 3 label "Spokane" Latitude 47.66 Longitude -117.43 ]
  node [ id 4 label "External" Internal 0 ]
  edge [ source 0 target 1 LinkLength 280 ]
  edge [ source 1 target 2 ]
  edge [ source 2 target 3 key 0 ]
  edge [ source 2 target 3 key 1 ]
  edge [ source 3 target 0 LinkLabel "10 Gbps" ]
  edge [ source 4 target 3 ]
]
