import { zipCentroid } from './zip-centroids.ts';

interface SampleLab {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** when the lab keeps hours of its own; the rest keep the sample network's usual hours */
  hours?: string;
}

/** The opening hours most sample sites keep, as a partner's site list states them. */
export const USUAL_LAB_HOURS = 'Mon–Fri 7:00 am – 5:00 pm, Sat 8:00 am – 12:00 pm';

/**
 * Sample partner-lab locations for the embedded default: made-up sites spread over the country so
 * that a search from anywhere finds something sensible. A production deployment loads the
 * partner's own list into the same table. None is in New York, where lab pick-up is not offered.
 */
export const sampleLabs: readonly SampleLab[] = [
  {
    id: 'lab-austin-downtown',
    name: 'Partner Lab – Downtown Austin',
    address: '410 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    hours: 'Mon–Fri 6:30 am – 6:00 pm, Sat 8:00 am – 1:00 pm',
  },
  {
    id: 'lab-austin-north',
    name: 'Partner Lab – North Austin',
    address: '9500 N Lamar Blvd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78753',
  },
  { id: 'lab-sf-soma', name: 'Partner Lab – SoMa', address: '600 Folsom St', city: 'San Francisco', state: 'CA', zipCode: '94107' },
  {
    id: 'lab-la-westwood',
    name: 'Partner Lab – Westwood',
    address: '10850 Wilshire Blvd',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90024',
  },
  { id: 'lab-chicago-loop', name: 'Partner Lab – The Loop', address: '55 W Monroe St', city: 'Chicago', state: 'IL', zipCode: '60603' },
  {
    id: 'lab-miami-brickell',
    name: 'Partner Lab – Brickell',
    address: '1001 Brickell Bay Dr',
    city: 'Miami',
    state: 'FL',
    zipCode: '33131',
  },
  {
    id: 'lab-seattle-slu',
    name: 'Partner Lab – South Lake Union',
    address: '400 Fairview Ave N',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98109',
  },
  {
    id: 'lab-jersey-city',
    name: 'Partner Lab – Jersey City',
    address: '30 Montgomery St',
    city: 'Jersey City',
    state: 'NJ',
    zipCode: '07302',
  },
  {
    id: 'lab-houston-midtown',
    name: 'Partner Lab – Midtown Houston',
    address: '3100 Main St',
    city: 'Houston',
    state: 'TX',
    zipCode: '77002',
  },
  {
    id: 'lab-dallas-uptown',
    name: 'Partner Lab – Uptown Dallas',
    address: '2121 N Akard St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
  },
  {
    id: 'lab-san-antonio',
    name: 'Partner Lab – San Antonio Riverwalk',
    address: '315 E Commerce St',
    city: 'San Antonio',
    state: 'TX',
    zipCode: '78205',
  },
  {
    id: 'lab-el-paso',
    name: 'Partner Lab – Downtown El Paso',
    address: '118 N Stanton St',
    city: 'El Paso',
    state: 'TX',
    zipCode: '79901',
  },
  {
    id: 'lab-san-diego-hillcrest',
    name: 'Partner Lab – Hillcrest',
    address: '3930 Fifth Ave',
    city: 'San Diego',
    state: 'CA',
    zipCode: '92103',
  },
  {
    id: 'lab-sacramento',
    name: 'Partner Lab – Midtown Sacramento',
    address: '1017 K St',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95814',
  },
  {
    id: 'lab-portland-or',
    name: 'Partner Lab – Pearl District',
    address: '1122 SW Morrison St',
    city: 'Portland',
    state: 'OR',
    zipCode: '97205',
  },
  { id: 'lab-boise', name: 'Partner Lab – Downtown Boise', address: '805 W Main St', city: 'Boise', state: 'ID', zipCode: '83702' },
  { id: 'lab-billings', name: 'Partner Lab – Billings', address: '2817 2nd Ave N', city: 'Billings', state: 'MT', zipCode: '59101' },
  {
    id: 'lab-las-vegas',
    name: 'Partner Lab – Las Vegas Medical District',
    address: '2310 W Charleston Blvd',
    city: 'Las Vegas',
    state: 'NV',
    zipCode: '89102',
  },
  { id: 'lab-phoenix', name: 'Partner Lab – Roosevelt Row', address: '222 N Central Ave', city: 'Phoenix', state: 'AZ', zipCode: '85004' },
  {
    id: 'lab-albuquerque',
    name: 'Partner Lab – Old Town Albuquerque',
    address: '503 Central Ave NW',
    city: 'Albuquerque',
    state: 'NM',
    zipCode: '87102',
  },
  {
    id: 'lab-salt-lake-city',
    name: 'Partner Lab – Salt Lake City',
    address: '324 S State St',
    city: 'Salt Lake City',
    state: 'UT',
    zipCode: '84111',
  },
  {
    id: 'lab-denver-capitol-hill',
    name: 'Partner Lab – Capitol Hill',
    address: '1702 Grant St',
    city: 'Denver',
    state: 'CO',
    zipCode: '80203',
  },
  { id: 'lab-cheyenne', name: 'Partner Lab – Cheyenne', address: '1704 Carey Ave', city: 'Cheyenne', state: 'WY', zipCode: '82001' },
  { id: 'lab-fargo', name: 'Partner Lab – Fargo', address: '103 Broadway N', city: 'Fargo', state: 'ND', zipCode: '58102' },
  {
    id: 'lab-sioux-falls',
    name: 'Partner Lab – Sioux Falls',
    address: '204 N Phillips Ave',
    city: 'Sioux Falls',
    state: 'SD',
    zipCode: '57104',
  },
  { id: 'lab-omaha', name: 'Partner Lab – Old Market', address: '1617 Farnam St', city: 'Omaha', state: 'NE', zipCode: '68102' },
  { id: 'lab-wichita', name: 'Partner Lab – Old Town Wichita', address: '127 N Market St', city: 'Wichita', state: 'KS', zipCode: '67202' },
  {
    id: 'lab-oklahoma-city',
    name: 'Partner Lab – Bricktown',
    address: '212 Park Ave',
    city: 'Oklahoma City',
    state: 'OK',
    zipCode: '73102',
  },
  {
    id: 'lab-kansas-city',
    name: 'Partner Lab – Kansas City Crossroads',
    address: '902 Main St',
    city: 'Kansas City',
    state: 'MO',
    zipCode: '64105',
  },
  {
    id: 'lab-st-louis',
    name: 'Partner Lab – Washington Avenue',
    address: '622 Washington Ave',
    city: 'St. Louis',
    state: 'MO',
    zipCode: '63101',
  },
  { id: 'lab-des-moines', name: 'Partner Lab – East Village', address: '702 Locust St', city: 'Des Moines', state: 'IA', zipCode: '50309' },
  {
    id: 'lab-minneapolis',
    name: 'Partner Lab – Nicollet Mall',
    address: '808 Nicollet Mall',
    city: 'Minneapolis',
    state: 'MN',
    zipCode: '55402',
  },
  { id: 'lab-milwaukee', name: 'Partner Lab – Third Ward', address: '737 N Water St', city: 'Milwaukee', state: 'WI', zipCode: '53202' },
  {
    id: 'lab-detroit',
    name: 'Partner Lab – Downtown Detroit',
    address: '1502 Woodward Ave',
    city: 'Detroit',
    state: 'MI',
    zipCode: '48226',
  },
  {
    id: 'lab-indianapolis',
    name: 'Partner Lab – Monument Circle',
    address: '103 W Washington St',
    city: 'Indianapolis',
    state: 'IN',
    zipCode: '46204',
  },
  { id: 'lab-columbus', name: 'Partner Lab – Short North', address: '252 S High St', city: 'Columbus', state: 'OH', zipCode: '43215' },
  { id: 'lab-cleveland', name: 'Partner Lab – Cleveland', address: '1302 E 9th St', city: 'Cleveland', state: 'OH', zipCode: '44114' },
  { id: 'lab-louisville', name: 'Partner Lab – Louisville', address: '502 W Main St', city: 'Louisville', state: 'KY', zipCode: '40202' },
  { id: 'lab-nashville', name: 'Partner Lab – West End', address: '1802 West End Ave', city: 'Nashville', state: 'TN', zipCode: '37203' },
  {
    id: 'lab-little-rock',
    name: 'Partner Lab – Little Rock',
    address: '402 W Capitol Ave',
    city: 'Little Rock',
    state: 'AR',
    zipCode: '72201',
  },
  { id: 'lab-jackson-ms', name: 'Partner Lab – Jackson', address: '202 S Lamar St', city: 'Jackson', state: 'MS', zipCode: '39201' },
  { id: 'lab-new-orleans', name: 'Partner Lab – Mid-City', address: '1442 Canal St', city: 'New Orleans', state: 'LA', zipCode: '70112' },
  {
    id: 'lab-birmingham',
    name: 'Partner Lab – Five Points South',
    address: '2102 11th Ave S',
    city: 'Birmingham',
    state: 'AL',
    zipCode: '35205',
  },
  {
    id: 'lab-atlanta-midtown',
    name: 'Partner Lab – Midtown Atlanta',
    address: '1102 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zipCode: '30309',
  },
  {
    id: 'lab-orlando',
    name: 'Partner Lab – Downtown Orlando',
    address: '202 E Robinson St',
    city: 'Orlando',
    state: 'FL',
    zipCode: '32801',
  },
  { id: 'lab-tampa', name: 'Partner Lab – Tampa', address: '402 N Ashley Dr', city: 'Tampa', state: 'FL', zipCode: '33602' },
  {
    id: 'lab-charleston-sc',
    name: 'Partner Lab – Charleston',
    address: '172 Meeting St',
    city: 'Charleston',
    state: 'SC',
    zipCode: '29401',
  },
  {
    id: 'lab-charlotte',
    name: 'Partner Lab – Uptown Charlotte',
    address: '232 S Tryon St',
    city: 'Charlotte',
    state: 'NC',
    zipCode: '28202',
  },
  { id: 'lab-raleigh', name: 'Partner Lab – Raleigh', address: '152 Fayetteville St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
  { id: 'lab-richmond', name: 'Partner Lab – Shockoe Slip', address: '903 E Cary St', city: 'Richmond', state: 'VA', zipCode: '23219' },
  {
    id: 'lab-washington-dc',
    name: 'Partner Lab – Downtown DC',
    address: '1402 K St NW',
    city: 'Washington',
    state: 'DC',
    zipCode: '20005',
  },
  {
    id: 'lab-baltimore',
    name: 'Partner Lab – Mount Vernon',
    address: '102 N Charles St',
    city: 'Baltimore',
    state: 'MD',
    zipCode: '21202',
  },
  {
    id: 'lab-philadelphia',
    name: 'Partner Lab – Center City',
    address: '1737 Market St',
    city: 'Philadelphia',
    state: 'PA',
    zipCode: '19103',
  },
  { id: 'lab-pittsburgh', name: 'Partner Lab – Pittsburgh', address: '602 Grant St', city: 'Pittsburgh', state: 'PA', zipCode: '15222' },
  { id: 'lab-hartford', name: 'Partner Lab – Hartford', address: '187 Asylum St', city: 'Hartford', state: 'CT', zipCode: '06103' },
  { id: 'lab-boston-back-bay', name: 'Partner Lab – Back Bay', address: '502 Boylston St', city: 'Boston', state: 'MA', zipCode: '02116' },
  {
    id: 'lab-burlington-vt',
    name: 'Partner Lab – Burlington',
    address: '102 Church St',
    city: 'Burlington',
    state: 'VT',
    zipCode: '05401',
  },
  { id: 'lab-portland-me', name: 'Partner Lab – Old Port', address: '467 Congress St', city: 'Portland', state: 'ME', zipCode: '04101' },
  { id: 'lab-anchorage', name: 'Partner Lab – Anchorage', address: '552 W 7th Ave', city: 'Anchorage', state: 'AK', zipCode: '99501' },
  { id: 'lab-honolulu', name: 'Partner Lab – Honolulu', address: '1003 Bishop St', city: 'Honolulu', state: 'HI', zipCode: '96813' },
];

/** The sample labs as rows, each placed at its ZIP code's centroid. */
export function sampleLabLocations() {
  return sampleLabs.map((lab) => {
    const centroid = zipCentroid(lab.zipCode);
    if (!centroid) throw new Error(`Sample lab ${lab.id} has a ZIP code with no centroid: ${lab.zipCode}`);
    return { ...lab, hours: lab.hours ?? USUAL_LAB_HOURS, latitude: centroid.latitude, longitude: centroid.longitude };
  });
}
