import './about.css';
export default function About() { return <h1 className="text-3xl font-bold underline">about</h1>; }
